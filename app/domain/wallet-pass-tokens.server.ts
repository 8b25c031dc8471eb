import { createHash, randomBytes } from "node:crypto";
import type { HeldItem } from "./wallet-passes.server";
import { stores } from "./stores";

/*
 * A pass's authentication token (decision 0047): Apple's web service requests
 * carry it as `Authorization: ApplePass <token>`. Each pass file handed out gets
 * its own 32-character random token; only its SHA-256 is kept, with whom the file
 * was made for, as API keys are kept.
 */

/** Tokens kept per pass: a shopper re-adding a pass on several devices keeps each one updating. */
export const TOKENS_KEPT_PER_PASS = 10;

/**
 * A pass's change time: the next whole second, as HTTP's Last-Modified and If-Modified-Since
 * count, so a change in the second a device fetched the pass still reads as newer.
 */
export const wholeSecond = (now = Date.now()) => new Date(Math.ceil(now / 1000) * 1000);

export const newPassToken = () => randomBytes(24).toString("base64url");

export const hashPassToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const itemIdOf = (item: HeldItem) => (item.kind === "card" ? item.card.id : item.twin.id);

/** Keeps a signed pass's token: its pass can now be registered and updated. */
export async function recordPassToken(shop: string, serialNumber: string, token: string, holder: string, locale: string) {
  await stores().transaction(() =>
    stores().walletPasses.issueToken(
      { shop, serialNumber, tokenHash: hashPassToken(token), holder, locale, at: wholeSecond() },
      TOKENS_KEPT_PER_PASS,
    ),
  );
}
