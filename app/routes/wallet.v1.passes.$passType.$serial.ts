import type { LoaderFunctionArgs } from "@remix-run/node";
import { latestPass } from "~/domain/wallet-pass-service.server";
import { emptyAnswer, walletServiceAnswer } from "~/faces/wallet-service/answer.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET <app>/wallet/v1/passes/<pass type>/<serial> with `Authorization: ApplePass <token>`: the latest .pkpass,
// 304 when it has not changed since If-Modified-Since (Apple's PassKit web service, decision 0047).
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  walletServiceAnswer(async () => {
    const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
    const latest = await latestPass(
      params.passType ?? "",
      params.serial ?? "",
      request.headers.get("Authorization"),
      Number.isNaN(since) ? null : new Date(since),
    );
    if (latest === "NOT_MODIFIED") return emptyAnswer(304);
    return new Response(new Uint8Array(latest.bytes), {
      status: 200,
      headers: {
        "Content-Type": "application/vnd.apple.pkpass",
        "Last-Modified": latest.lastModified.toUTCString(),
        "Cache-Control": "no-cache",
      },
    });
  });

export const action = methodNotAllowed("GET");
