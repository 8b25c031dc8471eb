import type { HistoryEntry } from "~/domain/provenance.server";
import type { UnclaimedCard, Verification, VerifiedCard, VerifiedTwin } from "~/domain/verification.server";
import { html, isWebUrl, liquid, type Markup, type Part } from "./html.server";
import {
  byLanguage,
  certificateLink,
  day,
  localized,
  metadataLabel,
  metadataValue,
  pictures,
  serialLine,
  STYLE,
  passLinks,
  walletPassLink,
} from "./liquid-pages.server";
import type { MessageKey, Translator } from "./storefront-i18n.server";
import { passportBlocks } from "./passport.server";
import shareScript from "./share-link.client.js?raw";

/*
 * The public verification page of a twin or card (GET /apps/twincards/v/<token>),
 * for anyone holding the item: no log-in, no script. People get it inside the
 * shop's theme; link-preview and search crawlers get the same content as a whole
 * document (`{% layout none %}`) whose <head> carries the Open Graph tags and the
 * robots rule, which a page inside the theme cannot reach
 * (docs/decisions/0026-verification-page.md).
 */

// The shop's name as the storefront knows it: Shopify fills it in when it renders the page.
const SHOP_NAME = liquid("{{ shop.name | escape }}");
const SLOT = "\u0000";

/** A message with the shop's name in its `{{ shop }}` (as Liquid), every other value escaped (the tap page's too). */
export function withShop(tr: Translator, key: MessageKey, values: Record<string, string> = {}): Markup {
  const parts = tr.t(key, { ...values, shop: SLOT }).split(SLOT);
  return html`${parts.flatMap((part, index): Part[] => (index === 0 ? [part] : [SHOP_NAME, part]))}`;
}

// A test item (decision 0036) is shown, but never as verified.
const verifiedLine = (tr: Translator, item: { livemode: boolean }) =>
  item.livemode
    ? html`<p class="twincards-verified"><strong>✓ ${withShop(tr, "verify.verified")}</strong></p>`
    : html`<p class="twincards-test-item" role="note"><strong>${withShop(tr, "verify.test_item")}</strong></p>`;

function facts(rows: [string, Markup | string | null][]): Markup {
  const shown = rows.filter((row): row is [string, Markup | string] => row[1] !== null && row[1] !== "");
  return html`<dl>${shown.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>`;
}

function chainSection(chain: VerifiedTwin["chain"], tr: Translator): Markup {
  if (!chain) return html`<p>${tr.t("verify.chain_off")}</p>`;
  if (chain.status !== "MINTED") return html`<p>${tr.t("verify.chain_pending")}</p>`;
  return html`<p>${tr.t("verify.chain_minted")} <code class="twincards-mint">${chain.mint}</code></p>
<p><a href="${chain.explorerUrl}" rel="noopener">${tr.t("verify.chain_view")}</a></p>`;
}

/** One line of the item's history: numbered holders, never who they are (decision 0043). */
function historyLine(item: HistoryEntry, tr: Translator): Markup {
  const holder = String(item.holder ?? "");
  switch (item.kind) {
    case "ISSUED":
      return item.orderName
        ? withShop(tr, "verify.history.issued_order", { order: item.orderName })
        : withShop(tr, "verify.history.issued");
    case "CLAIMED":
      return html`${tr.t("verify.history.claimed", { holder })}`;
    case "GIVEN":
      return html`${tr.t("verify.history.given", { holder, to: String(item.to ?? "") })}`;
    case "GIFT_PENDING":
      return html`${tr.t("verify.history.gift_pending", { holder })}`;
    case "WALLET_LINKED":
      return html`${tr.t("verify.history.wallet_linked", { holder })}`;
    case "MINTED":
      return html`${tr.t("verify.history.minted")}${item.explorerUrl && html` <a href="${item.explorerUrl}" rel="noopener">${tr.t("verify.chain_view")}</a>`}`;
    case "VOIDED":
      return withShop(tr, "verify.history.voided");
  }
}

function historySection(history: HistoryEntry[], tr: Translator): Markup | null {
  if (history.length === 0) return null;
  return html`<section class="twincards-history" aria-labelledby="twincards-history"><h2 id="twincards-history">${tr.t("verify.history.heading")}</h2>
<ol>${history.map((item) => html`<li><time datetime="${item.at}">${tr.date(item.at)}</time> – ${historyLine(item, tr)}</li>`)}</ol></section>`;
}

/** Where the holder's downloads are: the proxy's path, and which wallets the app can sign passes for. */
export interface HolderLinks {
  pathPrefix: string;
  passes: { apple: boolean; google: boolean };
}

/** For the logged-in visitor who holds the item: its wallet passes and its certificate, as My cards links them. */
function holderSection(item: VerifiedTwin | VerifiedCard, title: string, links: HolderLinks | null, tr: Translator): Markup | null {
  if (!links || !item.heldByViewer) return null;
  // French agrees with the item: « Il est à vous » for a twin (un jumeau), « Elle est à vous » for a card (une carte).
  const yours = tr.t(item.kind === "card" ? "verify.for_holder_card" : "verify.for_holder");
  return html`<section class="twincards-holder" aria-label="${yours}"><p><strong>${yours}</strong></p>
${walletPassLink(passLinks(links.pathPrefix, links.passes), item.heldByViewer, title, tr)}
${certificateLink(links.pathPrefix, item.heldByViewer, title, tr)}</section>`;
}

/**
 * Share (issue 39, item 12): a plain link to the page without JavaScript; with it, the share sheet
 * (Web Share API) or the link copied to the clipboard, said in the status beside it.
 */
const shareLine = (item: { url: string }, title: Part, tr: Translator) =>
  html`<p class="twincards-share"><a href="${item.url}" data-twincards-share data-title="${title}" data-copied="${tr.t("verify.share_copied")}" data-failed="${tr.t("verify.share_failed")}">${tr.t("verify.share")}</a> <span role="status" aria-live="polite" data-twincards-share-status></span></p>`;

function twinContent(twin: VerifiedTwin, tr: Translator, links: HolderLinks | null = null): Markup {
  return html`<p>${tr.t("verify.kind_twin")}</p>
<h1>${twin.title}</h1>
${serialLine(twin, tr)}
${verifiedLine(tr, twin)}
${shareLine(twin, twin.title, tr)}
${twin.images.length > 0 && html`<div class="twincards-verify-media">${pictures(twin.images.slice(0, 4), twin.title, tr)}</div>`}
${twin.description && html`<p>${twin.description}</p>`}
${facts([
  [tr.t("verify.holder"), twin.holder],
  [tr.t("page.brand"), twin.brand],
  [tr.t("page.creator"), twin.creator],
  [tr.t("verify.quantity"), tr.number(twin.quantity)],
  [tr.t("page.categories"), twin.categories.join(", ")],
  [tr.t("verify.issued_on"), day(twin.issuedAt, tr)],
])}
${holderSection(twin, twin.title, links, tr)}
${chainSection(twin.chain, tr)}
${historySection(twin.history, tr)}`;
}

function cardContent(card: VerifiedCard, tr: Translator, links: HolderLinks | null = null): Markup {
  const videos = card.videos.filter(isWebUrl);
  return html`<p>${tr.t("verify.kind_card")}</p>
<h1>${card.name}</h1>
${serialLine(card, tr)}
${verifiedLine(tr, card)}
${shareLine(card, card.name, tr)}
${card.images.length > 0 && html`<div class="twincards-verify-media">${pictures(card.images.slice(0, 4), card.name, tr)}</div>`}
${videos.map((url, index) => html`<video src="${url}" controls preload="none"><a href="${url}">${tr.t("page.video_number", { name: card.name, number: index + 1 })}</a></video>`)}
${facts([
  [tr.t("verify.holder"), card.custody === "HELD" ? tr.t("verify.holder_held") : (card.holder ?? tr.t("verify.holder_none"))],
  [tr.t("verify.issued_on"), day(card.issuedAt, tr)],
  [tr.t("verify.claimed_on"), card.claimedAt && day(card.claimedAt, tr)],
  ...card.metadata.map((entry): [string, string] => [metadataLabel(entry.key, tr), metadataValue(entry, tr)]),
])}
${holderSection(card, card.name, links, tr)}
${chainSection(card.chain, tr)}
${historySection(card.history, tr)}`;
}

function unclaimedContent(card: UnclaimedCard, tr: Translator): Markup {
  const pending = card.status === "PENDING_REDEMPTION";
  return html`<p>${tr.t("verify.kind_card")}</p>
<h1>${withShop(tr, pending ? "verify.pending_heading" : "verify.void_heading")}</h1>
<p>${withShop(tr, pending ? "verify.pending" : "verify.void", { date: tr.date(card.issuedAt) })}</p>
${historySection(card.history, tr)}`;
}

/** The item's part of the page: a twin, an owned card, or a card waiting for its claim or voided. */
export function content(item: Verification, tr: Translator, links: HolderLinks | null = null): Markup {
  if (item.kind === "twin") return twinContent(item, tr, links);
  return item.status === "OWNED" ? cardContent(item, tr, links) : unclaimedContent(item, tr);
}

/** What a shared link's preview shows: title, description, image. */
function preview(item: Verification, tr: Translator): { title: Markup; description: Markup; image: string | null } {
  const description = withShop(tr, item.livemode ? "verify.issued_statement" : "verify.test_item", { date: tr.date(item.issuedAt) });
  if (item.kind === "twin") return { title: html`${item.title}`, description, image: item.images.find(isWebUrl) ?? null };
  if (item.status === "OWNED") return { title: html`${item.name}`, description, image: item.images.find(isWebUrl) ?? null };
  return { title: withShop(tr, item.status === "VOID" ? "verify.void_heading" : "verify.pending_heading"), description, image: null };
}

/** The Open Graph and Twitter tags of a page (attribute values; the shop's name is filled in by Liquid). */
function shareTags(item: Verification, tr: Translator): Markup {
  const { title, description, image } = preview(item, tr);
  return html`<meta property="og:type" content="website">
<meta property="og:site_name" content="${SHOP_NAME}">
<meta property="og:url" content="${item.url}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
${image && html`<meta property="og:image" content="${image}">`}
<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`;
}

export const VERIFY_STYLE = liquid(`<style>
.twincards-verified { font-size: 1.15rem; color: #116149; }
.twincards-test-item { font-size: 1.15rem; color: #8a4b00; border-left: 4px solid #d98200; padding-left: .75rem; }
.twincards-verify-media { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); max-width: 48rem; }
.twincards-mint { overflow-wrap: anywhere; }
.twincards-history ol { padding-left: 1.25rem; }
</style>`);

/** The page for people, inside the shop's theme; `links` offers the logged-in holder their downloads. Machines read its JSON-LD and linkset. */
export function verifyPage(item: Verification, links: HolderLinks | null = null): string {
  return (
    VERIFY_STYLE.value +
    passportBlocks(item).join("\n") +
    localized((tr) => html`${shareTags(item, tr)}${content(item, tr, links)}`) +
    `\n{% raw %}<script>${shareScript}</script>{% endraw %}`
  );
}

/** The same page as a whole document, for link-preview and search crawlers: the tags in a real <head>. */
export function verifyDocument(item: Verification): string {
  return `{% layout none %}\n${byLanguage(
    (tr) => html`<!doctype html>
<html lang="${tr.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${preview(item, tr).title} – ${SHOP_NAME}</title>
<meta name="description" content="${preview(item, tr).description}">
${!item.indexed && html`<meta name="robots" content="noindex">`}
<link rel="canonical" href="${item.url}">
${item.passport.linkset && html`<link rel="linkset" type="application/linkset+json" href="${item.url}?linkType=linkset">`}
${shareTags(item, tr)}
${passportBlocks(item)}
${liquid(STYLE.value)}${VERIFY_STYLE}
</head>
<body><main class="twincards" lang="${tr.language}">${content(item, tr)}</main></body>
</html>`,
  )}`;
}

/** An unknown token, another shop's, or one of the wrong shape: nothing to verify. */
export function notVerifiablePage(): string {
  return localized(
    (tr) => html`<h1>${tr.t("verify.not_found_heading")}</h1>
<p>${withShop(tr, "verify.not_found")}</p>`,
  );
}

/** The page could not be made: too many lookups from one address, or the database is away. */
export function verifyProblemPage(problem: "verify.rate_limited" | "verify.load_error"): string {
  return localized(
    (tr) => html`<h1>${tr.t("verify.not_found_heading")}</h1>
<p class="twincards-error" role="alert">${tr.t(problem)}</p>`,
  );
}
