import { generateKeyPairSync } from "node:crypto";

/** The Google Wallet issuer id the tests' servers are given. */
export const GOOGLE_WALLET_ISSUER_ID = "3388000000022222222";

/** A server's Google Wallet settings with a fresh service account key (nothing is ever sent to Google). */
export function googleWalletEnv() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = JSON.stringify({
    type: "service_account",
    client_email: "twin-cards@twin-cards-test.iam.gserviceaccount.com",
    private_key_id: "key-1",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  });
  return { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount };
}
