import type { LoaderFunctionArgs } from "@remix-run/node";
import { updatedSerials } from "~/domain/wallet-pass-service.server";
import { emptyAnswer, walletServiceAnswer } from "~/faces/wallet-service/answer.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET <app>/wallet/v1/devices/<device>/registrations/<pass type>[?passesUpdatedSince=<tag>]: the serial numbers of the
// device's passes changed since the tag, 204 when none (Apple's PassKit web service, decision 0047; no token on this one).
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  walletServiceAnswer(async () => {
    const since = new URL(request.url).searchParams.get("passesUpdatedSince");
    const updated = await updatedSerials(params.device ?? "", params.passType ?? "", since || null);
    return updated ? Response.json(updated, { headers: { "Cache-Control": "no-store" } }) : emptyAnswer(204);
  });

export const action = methodNotAllowed("GET");
