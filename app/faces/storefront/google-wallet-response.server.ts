import { errorBody } from "~/faces/api/errors";
import { googleWalletOn } from "~/domain/google-wallet.server";
import { jsonFailure, jsonResponse, NO_STORE } from "./proxy-request.server";

/**
 * "Add to Google Wallet" as the app proxy answers it (decision 0048): a redirect to Google's
 * save link, made for this request and never cached, or the refusal in the proxy's JSON
 * envelope. While the service account is not configured: 503 naming what is missing, no
 * Retry-After (a retry cannot help until the operator configures it), before anything is read.
 */
export async function googleWalletResponse(make: () => Promise<string>): Promise<Response> {
  if (!googleWalletOn()) {
    return jsonResponse(
      errorBody(
        "UNAVAILABLE",
        "Google Wallet passes are not available in this shop: the app's Google Wallet issuer and service account are not configured",
      ),
      503,
    );
  }
  try {
    return new Response(null, { status: 302, headers: { Location: await make(), ...NO_STORE } });
  } catch (error) {
    return jsonFailure(error);
  }
}
