import type { ApiErrorCode as ErrorCode, ErrorDetail } from "~/faces/api/errors";
import type { StorefrontHoldings, StorefrontWallet } from "~/domain/storefront.server";
import type { StorefrontWalletLinked } from "~/domain/wallet-links.server";
import { html, liquid, type Markup } from "./html.server";
import { localized, to } from "./liquid-pages.server";
import type { MessageKey, Translator } from "./storefront-i18n.server";
import walletScript from "./wallet-link.client.js?raw";

/*
 * GET /apps/twincards/wallet: where a customer links a Solana wallet (decision 0032).
 * With a wallet that follows Solana's Wallet Standard (an extension, or the browser
 * of a wallet app), the page's script has it sign a one-time message; without one,
 * or without JavaScript, the customer may paste an address, only after ticking that
 * a mistyped address loses the items.
 */

export interface PastedAddressState {
  publicKey: string;
  name: string;
  failure?: { code: ErrorCode; details: ErrorDetail[] };
}

type PasteField = "publicKey" | "name" | "acknowledgeRisk";
const FIELD_IDS: Record<PasteField, string> = {
  publicKey: "twincards-wallet-address",
  name: "twincards-wallet-name",
  acknowledgeRisk: "twincards-wallet-acknowledge",
};
const PUBLIC_KEY_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** What to tell the customer about a refused paste, per field or for the whole form (""). */
function pasteProblems(state: PastedAddressState): Map<PasteField | "", MessageKey> {
  const problems = new Map<PasteField | "", MessageKey>();
  const failure = state.failure;
  if (!failure) return problems;
  if (failure.code === "CONFLICT") return problems.set("name", "wallet.errors.name_taken");
  if (failure.code === "RATE_LIMITED") return problems.set("", "wallet.errors.rate_limited");
  if (failure.code !== "VALIDATION_FAILED") return problems.set("", "wallet.errors.generic");
  for (const { path } of failure.details) {
    if (path === "publicKey") {
      const key = state.publicKey.trim();
      problems.set(
        "publicKey",
        key === ""
          ? "wallet.errors.address_required"
          : PUBLIC_KEY_SHAPE.test(key)
            ? "wallet.errors.address_refused"
            : "wallet.errors.address_invalid",
      );
    } else if (path === "acknowledgeRisk") problems.set("acknowledgeRisk", "wallet.errors.acknowledge_required");
    else if (path === "name") problems.set("name", "wallet.errors.name_invalid");
    else problems.set("", "wallet.errors.generic");
  }
  return problems;
}

function heldLine(holdings: StorefrontHoldings, tr: Translator): string {
  const held = holdings.cards.filter((card) => card.custody === "HELD").length;
  if (held === 0) return tr.t("wallet.held_none");
  return held === 1 ? tr.t("wallet.held_one") : tr.t("wallet.held_other", { count: tr.number(held) });
}

// Linking another wallet later moves what the store holds and what is claimed next, never what is in this one: the page says so.
const currentLine = (wallet: StorefrontWallet, tr: Translator) =>
  wallet &&
  html`<p>${tr.t(wallet.verified ? "wallet.current" : "wallet.current_unverified", { address: wallet.address })}</p>
<p class="twincards-relink">${tr.t("wallet.relink_note", { address: wallet.address })}</p>`;

/** The words the page's script shows, in the page's language (it writes them with textContent only). */
function scriptWords(tr: Translator): Markup {
  const keys = ["connect", "connecting", "signing", "linked_one", "linked_other", "linked_none", "name_registered"] as const;
  const errors = [
    "rejected",
    "signature",
    "expired",
    "used",
    "name_invalid",
    "name_taken",
    "rate_limited",
    "unauthenticated",
    "generic",
  ] as const;
  const attributes = [
    ...keys.map((key) => [
      `data-${key.replace(/_/g, "-")}`,
      tr.t(`wallet.${key}`, { wallet: "{wallet}", address: "{address}", count: "{count}", name: "{name}" }),
    ]),
    ...errors.map((key) => [`data-error-${key.replace(/_/g, "-")}`, tr.t(`wallet.errors.${key}`)]),
  ];
  return html`${attributes.map(([name, value]) => html` ${liquid(name!)}="${value!}"`)}`;
}

function signSection(tr: Translator, pathPrefix: string): Markup {
  return html`<section class="twincards-wallet-sign" data-twin-cards-wallet data-proxy-url="${pathPrefix}" data-locale="${tr.language}"${scriptWords(tr)}>
<h2>${tr.t("wallet.sign_heading")}</h2>
<p>${tr.t("wallet.sign_intro")}</p>
<label for="twincards-wallet-sign-name">${tr.t("wallet.name_label")} (${tr.t("claim.optional")})</label>
<input id="twincards-wallet-sign-name" name="name" type="text" maxlength="32" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="twincards-wallet-sign-name-hint">
<p id="twincards-wallet-sign-name-hint">${tr.t("wallet.name_hint")}</p>
<div class="twincards-wallet-list" data-wallet-list></div>
<p data-no-wallet hidden>${tr.t("wallet.no_wallet")}</p>
<noscript><p>${tr.t("wallet.no_script")}</p></noscript>
<p class="twincards-wallet-status" data-wallet-status role="status" aria-live="polite"></p>
</section>`;
}

function pasteSection(state: PastedAddressState, tr: Translator, pathPrefix: string): Markup {
  const problems = pasteProblems(state);
  const error = (field: PasteField | "") => {
    const problem = problems.get(field);
    return (
      problem &&
      html`<p class="twincards-error" id="${field ? `${FIELD_IDS[field]}-error` : "twincards-wallet-error"}"${field ? "" : html` role="alert"`}>${tr.t(problem)}</p>`
    );
  };
  const described = (field: PasteField, hint: boolean) =>
    [problems.has(field) ? `${FIELD_IDS[field]}-error` : "", hint ? `${FIELD_IDS[field]}-hint` : ""].filter(Boolean).join(" ");
  const invalid = (field: PasteField) => (problems.has(field) ? html` aria-invalid="true"` : "");
  return html`<section class="twincards-wallet-paste">
<h2>${tr.t("wallet.paste_heading")}</h2>
<p class="twincards-warning">${tr.t("wallet.paste_warning")}</p>
${error("")}
<form method="post" action="${to(tr, `${pathPrefix}/wallet`)}">
<label for="${FIELD_IDS.publicKey}">${tr.t("wallet.address_label")}</label>
<input id="${FIELD_IDS.publicKey}" name="publicKey" type="text" value="${state.publicKey}" maxlength="64" required autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="${described("publicKey", true)}"${invalid("publicKey")}>
${error("publicKey")}
<p id="${FIELD_IDS.publicKey}-hint">${tr.t("wallet.address_hint")}</p>
<label for="${FIELD_IDS.name}">${tr.t("wallet.name_label")} (${tr.t("claim.optional")})</label>
<input id="${FIELD_IDS.name}" name="name" type="text" value="${state.name}" maxlength="32" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="${described("name", true)}"${invalid("name")}>
${error("name")}
<p id="${FIELD_IDS.name}-hint">${tr.t("wallet.name_hint")}</p>
<p class="twincards-check"><input id="${FIELD_IDS.acknowledgeRisk}" name="acknowledgeRisk" type="checkbox" value="true" required${problems.has("acknowledgeRisk") ? html` aria-invalid="true" aria-describedby="${FIELD_IDS.acknowledgeRisk}-error"` : ""}>
<label for="${FIELD_IDS.acknowledgeRisk}">${tr.t("wallet.acknowledge")}</label></p>
${error("acknowledgeRisk")}
<button type="submit" class="twincards-secondary">${tr.t("wallet.paste_button")}</button>
</form>
</section>`;
}

/** GET /proxy/wallet, and a refused paste without JavaScript: both ways to link a wallet. */
export function walletPage(holdings: StorefrontHoldings, state: PastedAddressState, pathPrefix: string): string {
  return (
    localized(
      (tr) => html`<h1>${tr.t("wallet.heading")}</h1>
<p>${tr.t("wallet.intro")}</p>
<p>${heldLine(holdings, tr)}</p>
${currentLine(holdings.wallet, tr)}
${signSection(tr, pathPrefix)}
${pasteSection(state, tr, pathPrefix)}
<p><a href="${to(tr, pathPrefix)}">${tr.t("wallet.back")}</a></p>`,
    ) + `\n{% raw %}<script>${walletScript}</script>{% endraw %}`
  );
}

/** A wallet linked without JavaScript: what moved to it. */
export function walletLinkedPage(linked: StorefrontWalletLinked, pathPrefix: string): string {
  return localized((tr) => {
    const count = linked.cards.length;
    const line =
      count === 0
        ? tr.t("wallet.linked_none", { address: linked.wallet.address })
        : count === 1
          ? tr.t("wallet.linked_one", { address: linked.wallet.address })
          : tr.t("wallet.linked_other", { address: linked.wallet.address, count: tr.number(count) });
    return html`<h1>${tr.t("wallet.heading")}</h1>
<p role="status">${line}</p>
${linked.name && html`<p>${tr.t("wallet.name_registered", { name: linked.name })}</p>`}
<p><a href="${to(tr, pathPrefix)}">${tr.t("wallet.back")}</a></p>`;
  });
}
