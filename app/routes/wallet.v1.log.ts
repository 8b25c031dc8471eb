import type { ActionFunctionArgs } from "@remix-run/node";
import { deviceLogLines } from "~/domain/wallet-pass-service.server";
import { emptyAnswer, jsonBody, walletServiceAnswer } from "~/faces/wallet-service/answer.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// POST <app>/wallet/v1/log, JSON { logs: [...] }: what Wallet reports of its requests to the web service (decision 0047),
// logged a bounded number of lines at a time.
export const action = ({ request }: ActionFunctionArgs) =>
  walletServiceAnswer(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST")();
    for (const line of deviceLogLines(await jsonBody(request))) console.info(`Apple Wallet log: ${line}`);
    return emptyAnswer(200);
  });

export const loader = methodNotAllowed("POST");
