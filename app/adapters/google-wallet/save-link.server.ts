import { SignJWT } from "jose";
import type { GoogleWalletContent, GoogleWalletPorts, GoogleWalletSetup } from "~/domain/ports";
import { genericClassOf, genericObjectOf } from "./generic-object.server";
import type { GoogleWalletAccountSetup } from "./service-account.server";

/** Google's save link: the signed JWT after this path. */
export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

/**
 * "Add to Google Wallet" (decision 0048): a JWT signed RS256 with the service account's key,
 * `iss` its e-mail, `aud` "google", `typ` "savetowallet", carrying the shop's Generic class and
 * the item's Generic object; Google creates them when the shopper saves the pass.
 */
export function googleWalletPorts(setup: () => GoogleWalletAccountSetup): GoogleWalletPorts {
  return {
    setup(): GoogleWalletSetup {
      const read = setup();
      return read.account
        ? { on: true, issuerId: read.account.issuerId }
        : { on: false, missing: [...read.missing], problem: read.problem };
    },
    async saveLink(content: GoogleWalletContent, origins: string[]): Promise<string> {
      const { account } = setup();
      if (!account) throw new Error("Google Wallet is off: its service account is not configured");
      const jwt = await new SignJWT({
        typ: "savetowallet",
        origins,
        payload: { genericClasses: [genericClassOf(content)], genericObjects: [genericObjectOf(content)] },
      })
        .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.keyId ? { kid: account.keyId } : {}) })
        .setIssuer(account.email)
        .setAudience("google")
        .setIssuedAt()
        .sign(account.key);
      return `${GOOGLE_SAVE_URL}${jwt}`;
    },
  };
}
