import { SignJWT } from "jose";
import type { GoogleWalletContent } from "~/domain/ports";
import { connectionDropped, fetchFailure } from "~/lib/fetch-failure";
import { OutboxError } from "~/lib/outbox-error";
import { genericObjectOf } from "./generic-object.server";
import type { GoogleWalletAccount } from "./service-account.server";

/** Updates Google Wallet objects that shoppers saved. */
export interface WalletObjectUpdater {
  /** "UPDATED", or "NOT_SAVED" when Google has no such object (the shopper never saved it). Throws an OutboxError. */
  update(content: GoogleWalletContent): Promise<"UPDATED" | "NOT_SAVED">;
}

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const TIMEOUT_MS = 10_000;

/**
 * Google Wallet's REST API with the service account (decision 0048): an OAuth2 access token from
 * the JWT bearer grant (RFC 7523) at Google's token endpoint, kept until a minute before it
 * expires, then `PATCH /walletobjects/v1/genericObject/<id>`.
 */
export function walletObjectsClient(account: GoogleWalletAccount): WalletObjectUpdater {
  let token: { value: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.until) return token.value;
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.keyId ? { kid: account.keyId } : {}) })
      .setIssuer(account.email)
      .setAudience(account.tokenUrl)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(account.key);
    const response = await send(account.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== "string")
      throw new OutboxError(`Google's token endpoint answered ${response.status}`, response.status === 429 || response.status >= 500);
    const lifetime = typeof body.expires_in === "number" ? body.expires_in : 3600;
    token = { value: body.access_token, until: Date.now() + Math.max(0, lifetime - 60) * 1000 };
    return token.value;
  }

  return {
    async update(content) {
      const response = await send(`${account.apiUrl}/walletobjects/v1/genericObject/${encodeURIComponent(content.objectId)}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${await accessToken()}`, "Content-Type": "application/json" },
        body: JSON.stringify(genericObjectOf(content, true)),
      });
      if (response.ok) return "UPDATED";
      // The object is created when the shopper saves the link: none means nothing to update.
      if (response.status === 404) return "NOT_SAVED";
      // A token Google no longer takes is made again on the next attempt.
      if (response.status === 401) token = undefined;
      throw new OutboxError(
        `Google Wallet answered ${response.status}`,
        response.status === 401 || response.status === 429 || response.status >= 500,
      );
    },
  };
}

/**
 * One request, sent again at once on a new connection when the first was dropped unanswered (a
 * kept-alive connection Google closed as it was reused): the token grant and the object's whole
 * state are the same sent twice, and the outbox's backoff would otherwise hold a shopper's pass
 * back for seconds to minutes. Any other failure is the outbox's to retry.
 */
async function send(url: string, init: RequestInit, again = true): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (again && connectionDropped(error)) return send(url, init, false);
    throw new OutboxError(`Google could not be reached: ${fetchFailure(error)}`, true);
  }
}
