import type { TapAnswer } from "~/domain/nfc-taps.server";
import { html } from "./html.server";
import { localized } from "./liquid-pages.server";
import type { MessageKey, Translator } from "./storefront-i18n.server";
import { content, VERIFY_STYLE, withShop, type HolderLinks } from "./verify-page.server";

/*
 * What a tap of an NTAG 424 DNA tag shows (docs/decisions/0063-physical-proof.md), in the
 * shopper's language: authentic with the tap's number and the twin's page, a copied link,
 * or not a genuine tag. Never the tag's UID or a key.
 */

const warning = (tr: Translator, heading: MessageKey, message: MessageKey) =>
  html`<h1>${tr.t(heading)}</h1>
<p class="twincards-error" role="alert">${withShop(tr, message)}</p>`;

/** The page of a tap's answer; the authentic one shows the twin as its verification page does. */
export function tapAnswerPage(answer: TapAnswer, links: HolderLinks): string {
  if (answer.kind === "copied") return localized((tr) => warning(tr, "tap.copied_heading", "tap.copied"));
  if (answer.kind === "not_genuine") return localized((tr) => warning(tr, "tap.not_genuine_heading", "tap.not_genuine"));
  return (
    VERIFY_STYLE.value +
    localized(
      (
        tr,
      ) => html`<p class="twincards-verified" role="status"><strong>✓ ${tr.t("tap.authentic_heading", { count: tr.number(answer.tapNumber) })}</strong></p>
<p>${withShop(tr, "tap.authentic")}</p>
${content(answer.twin, tr, links)}`,
    )
  );
}

/** A tap URL with `picc_data` or `cmac` missing, malformed or repeated. */
export const badTapLinkPage = () => localized((tr) => warning(tr, "tap.bad_link_heading", "tap.bad_link"));
