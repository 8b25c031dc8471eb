import type { ActionFunctionArgs } from "@remix-run/node";
import { registerDevice, unregisterDevice } from "~/domain/wallet-pass-service.server";
import { emptyAnswer, jsonBody, walletServiceAnswer } from "~/faces/wallet-service/answer.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// POST (register, JSON { pushToken }) and DELETE (unregister) <app>/wallet/v1/devices/<device>/registrations/<pass type>/<serial>,
// each with `Authorization: ApplePass <the pass's token>`: Apple's PassKit web service (decision 0047).
export const action = ({ request, params }: ActionFunctionArgs) =>
  walletServiceAnswer(async () => {
    const { device = "", passType = "", serial = "" } = params;
    const authorization = request.headers.get("Authorization");
    if (request.method === "POST") {
      const created = await registerDevice(device, passType, serial, authorization, await jsonBody(request));
      return emptyAnswer(created ? 201 : 200);
    }
    if (request.method === "DELETE") {
      await unregisterDevice(device, passType, serial, authorization);
      return emptyAnswer(200);
    }
    return methodNotAllowed("POST, DELETE")();
  });

export const loader = methodNotAllowed("POST, DELETE");
