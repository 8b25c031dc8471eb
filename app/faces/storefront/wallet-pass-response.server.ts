import { errorBody } from "~/faces/api/errors";
import { walletPassesOn, type WalletPassFile } from "~/domain/wallet-passes.server";
import { jsonFailure, jsonResponse, NO_STORE } from "./proxy-request.server";

/**
 * A customer's Apple Wallet pass as the app proxy and the customer account
 * answer it: the signed `.pkpass` (Safari on iPhone offers to add it), or the
 * refusal in the proxy's JSON envelope. Passes the app cannot sign are refused
 * before anything is read: 503 naming what is missing, no Retry-After (a retry
 * cannot help until the operator configures them).
 */
export async function walletPassResponse(make: () => Promise<WalletPassFile>): Promise<Response> {
  if (!walletPassesOn()) {
    return jsonResponse(
      errorBody(
        "UNAVAILABLE",
        "Apple Wallet passes are not available in this shop: the app's Apple Wallet signing certificate is not configured",
      ),
      503,
    );
  }
  try {
    const file = await make();
    return new Response(new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        "Content-Type": "application/vnd.apple.pkpass",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        ...NO_STORE,
      },
    });
  } catch (error) {
    return jsonFailure(error);
  }
}
