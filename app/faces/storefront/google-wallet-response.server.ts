import { googleWalletOn } from "~/domain/google-wallet.server";
import { refusalJson, type Refuse } from "./download-refusal.server";
import { NO_STORE } from "./proxy-request.server";

const json: Refuse = async (refusal) => refusalJson("google", refusal);

/**
 * "Add to Google Wallet" as the app proxy answers it (decision 0048): a redirect to Google's
 * save link, made for this request and never cached, or the refusal as `refuse` words it (the proxy's
 * JSON envelope unless told). While the service account is not configured: 503 naming what is missing, no
 * Retry-After (a retry cannot help until the operator configures it), before anything is read.
 */
export async function googleWalletResponse(make: () => Promise<string>, refuse: Refuse = json): Promise<Response> {
  if (!googleWalletOn()) return refuse({ off: true });
  let location: string;
  try {
    location = await make();
  } catch (error) {
    return refuse({ error });
  }
  return new Response(null, { status: 302, headers: { Location: location, ...NO_STORE } });
}
