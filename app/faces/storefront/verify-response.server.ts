import { isbot } from "isbot";
import type { Verification } from "~/domain/verification.server";
import { googleWalletOn } from "~/domain/google-wallet.server";
import { walletPassesOn } from "~/domain/wallet-passes.server";
import { verifyDocument, verifyPage, verifyProblemPage, type HolderLinks } from "./verify-page.server";
import { describeFailure, liquidResponse } from "./proxy-request.server";

/*
 * The verification page as an answer, for every address that shows it: `/v/<token>`, the item's
 * GS1 Digital Link, and a tap of its NFC tag.
 */

export const NOINDEX = { "X-Robots-Tag": "noindex" } as const;

/** The logged-in holder's downloads, at the proxy's path. */
export const holderLinks = (pathPrefix: string): HolderLinks => ({
  pathPrefix,
  passes: { apple: walletPassesOn(), google: googleWalletOn() },
});

/**
 * The page of `item`: inside the theme for people, a whole document for link-preview and search crawlers.
 * `languageDecision`: the shopper's language as the server knows it (decision 0065), before the page for people.
 */
export function verifyPageResponse(
  request: Request,
  item: Verification,
  pathPrefix: string,
  headers: Record<string, string> = {},
  languageDecision = "",
): Response {
  // Crawlers reading a shared link's preview need the tags in <head>, which a page inside the theme cannot reach.
  const page = isbot(request.headers.get("user-agent") ?? "")
    ? verifyDocument(item)
    : `${languageDecision}${verifyPage(item, holderLinks(pathPrefix))}`;
  return liquidResponse(page, 200, { ...(item.indexed ? {} : NOINDEX), ...headers });
}

/** Too many lookups from the visitor's address (429), or the page could not be made (the database is away). */
export function verifyFailureResponse(error: unknown, headers: Record<string, string> = {}): Response {
  const failure = describeFailure(error);
  const problem = failure.code === "RATE_LIMITED" ? "verify.rate_limited" : "verify.load_error";
  return liquidResponse(verifyProblemPage(problem), failure.status, { ...NOINDEX, ...failure.headers, ...headers });
}
