import { walletPassesOn, type WalletPassFile } from "~/domain/wallet-passes.server";
import { refusalJson, type Refuse } from "./download-refusal.server";
import { NO_STORE } from "./proxy-request.server";

const json: Refuse = async (refusal) => refusalJson("apple", refusal);

/**
 * A customer's Apple Wallet pass as the app proxy and the customer account
 * answer it: the signed `.pkpass` (Safari on iPhone offers to add it), or the
 * refusal as `refuse` words it (the proxy's JSON envelope unless told). Passes the app cannot sign are refused
 * before anything is read: 503 naming what is missing, no Retry-After (a retry
 * cannot help until the operator configures them).
 */
export async function walletPassResponse(make: () => Promise<WalletPassFile>, refuse: Refuse = json): Promise<Response> {
  if (!walletPassesOn()) return refuse({ off: true });
  let file: WalletPassFile;
  try {
    file = await make();
  } catch (error) {
    return refuse({ error });
  }
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      ...NO_STORE,
    },
  });
}
