import type { ApiErrorCode as ErrorCode, ErrorDetail } from "~/faces/api/errors";
import type {
  ItemAction,
  ItemActionKind,
  StorefrontCard,
  StorefrontChain,
  StorefrontGiftGiven,
  StorefrontHoldings,
  StorefrontMetadataEntry,
  StorefrontTwin,
  StorefrontWaitingCode,
  StorefrontWallet,
} from "~/domain/storefront.server";
import { isAppMetadataKey } from "~/domain/public-metadata";
import copyScript from "./copy-address.client.js?raw";
import localTimeScript from "./local-time.client.js?raw";
import walletFitScript from "./wallet-fit.client.js?raw";
import { html, isWebUrl, liquid, type Markup } from "./html.server";
import { keptPath, languageDecision, LANGUAGE_VARIABLE, ROOT_VARIABLE } from "./shopper-language.server";
import { STOREFRONT_LANGUAGES, translator, type MessageKey, type Translator } from "./storefront-i18n.server";

/*
 * The app proxy's pages: plain HTML that Shopify renders as Liquid inside the
 * shop's theme. They work with no JavaScript at all.
 *
 * Language: Shopify's proxied request says nothing of the storefront's language
 * (its query is only shop, logged_in_customer_id, path_prefix, timestamp and
 * signature), but the Liquid it renders knows it as `request.locale`. So each
 * page is written once per language the app speaks and Liquid keeps the one the
 * shopper reads, chosen in the order of `shopperLanguage` (shopper-language.server.ts;
 * docs/decisions/0065-the-shoppers-language.md). Every link and form action a page
 * writes keeps the storefront's localized root (`/fr`) and the page's language (`?lang=`).
 */

/** Markup written once per storefront language, behind a Liquid branch on the language decision (English otherwise). */
export function byLanguage(version: (tr: Translator) => Markup): string {
  const [fallback, ...others] = STOREFRONT_LANGUAGES;
  return [
    languageDecision().value,
    ...others.map(
      (language, index) =>
        `{%- ${index === 0 ? "if" : "elsif"} ${LANGUAGE_VARIABLE} == '${language}' -%}\n${version(translator(language)).value}`,
    ),
    others.length > 0 ? "{%- else -%}" : "",
    version(translator(fallback)).value,
    others.length > 0 ? "{%- endif -%}" : "",
  ].join("\n");
}

/** Marks a wallet button's paragraph with its wallet ("apple", "google"), for `wallet-fit.client.js`. */
const WALLET_ATTRIBUTE = "data-twincards-wallet";

/**
 * The page in every storefront language, behind a Liquid branch on the visitor's `request.locale`. A page with
 * wallet buttons also gets the script hiding the one that does not fit the device (`wallet-fit.client.js`).
 */
export function localized(build: (tr: Translator) => Markup): string {
  const page = byLanguage((tr) => html`<section class="twincards" lang="${tr.language}">${build(tr)}</section>`);
  const fit = page.includes(`${WALLET_ATTRIBUTE}=`) ? `{% raw %}<script>${walletFitScript}</script>{% endraw %}` : "";
  return [STYLE.value, page, fit].filter(Boolean).join("\n");
}

// A placeholder for a picture that fails to load, with CSS alone (these pages
// have no script): the frame's background (a neutral grey with a picture icon)
// shows where no image covers it, the alt text is transparent, and a broken
// image's ::after (Chromium and Firefox draw it only when the image did not
// load) paints the same placeholder over the browser's broken-image icon. It is
// opaque so that icon cannot show through; Safari shows the frame without it.
const PICTURE_ICON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='1.5'%3E%3Crect x='3' y='4' width='18' height='16' rx='2'/%3E%3Ccircle cx='9' cy='10' r='2'/%3E%3Cpath d='M21 17l-5-5-9 8'/%3E%3C/svg%3E\")";

// A little layout in the theme's own type and colours (the CSS custom properties Online Store 2.0
// themes such as Dawn define, with neutral fallbacks), which the theme's styles can still override.
// Fields, buttons and links are at least 44 × 44 px (a tap target), with 16 px text (no zoom on focus on
// a phone); one filled button per form.
export const STYLE = liquid(`<style>
.twincards { max-width: 72rem; margin: 0 auto; padding: 1rem; font-family: var(--font-body-family, inherit); color: rgb(var(--color-foreground, 18, 18, 18)); }
.twincards h1, .twincards h2, .twincards h3 { font-family: var(--font-heading-family, inherit); }
.twincards-list { list-style: none; padding: 0; display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.twincards-list video { max-width: 100%; height: auto; }
.twincards-media { position: relative; aspect-ratio: 1; overflow: hidden; margin-bottom: 0.5rem; border-radius: 0.5rem; }
.twincards-media, .twincards-media img::after { background: #ececec ${PICTURE_ICON} center / 3rem no-repeat; }
.twincards-media img { display: block; width: 100%; height: 100%; object-fit: cover; color: transparent; font-size: 0; }
.twincards-media img::after { content: ""; position: absolute; inset: 0; z-index: 1; }
.twincards dl > div { display: flex; gap: 0.5rem; }
.twincards dt { font-weight: bold; }
.twincards dd { margin: 0; overflow-wrap: anywhere; }
.twincards-error { color: #b42318; }
.twincards-warning { padding: 0.75rem 1rem; border-radius: 0.5rem; background: #fff4e5; color: #5c3b00; }
.twincards form { max-width: 32rem; }
.twincards label { display: block; font-weight: bold; margin-top: 1rem; }
.twincards input[type="text"] { box-sizing: border-box; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem; font: inherit; font-size: 16px; color: inherit; background: rgb(var(--color-background, 255, 255, 255)); border: 1px solid rgba(var(--color-foreground, 18, 18, 18), 0.55); border-radius: 0.375rem; }
.twincards input[type="checkbox"] { width: 24px; height: 24px; margin: 0 0.5rem 0 0; vertical-align: middle; }
.twincards .twincards-check { display: flex; align-items: flex-start; margin-top: 1rem; }
.twincards .twincards-check label { display: inline; margin: 0; font-weight: normal; }
.twincards button { min-height: 44px; margin-top: 1rem; padding: 0.5rem 1.5rem; font: inherit; font-size: 16px; border-radius: 0.375rem; cursor: pointer; border: 1px solid rgb(var(--color-button, 18, 18, 18)); background: rgb(var(--color-button, 18, 18, 18)); color: rgb(var(--color-button-text, 255, 255, 255)); }
.twincards button.twincards-secondary, .twincards .twincards-wallet-button { background: transparent; color: rgb(var(--color-foreground, 18, 18, 18)); }
.twincards .twincards-wallet-button { display: flex; align-items: center; gap: 0.5rem; }
.twincards a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; color: rgb(var(--color-link, var(--color-foreground, 18, 18, 18))); }
.twincards a.twincards-wallet { display: inline-flex; align-items: center; min-height: 44px; padding: 0 1rem; font-weight: bold; color: #fff; background: #000; border: 1px solid #a6a6a6; border-radius: 0.5rem; text-decoration: none; }
.twincards textarea { box-sizing: border-box; width: 100%; min-height: 88px; padding: 0.5rem 0.75rem; font: inherit; font-size: 16px; color: inherit; border: 1px solid rgba(var(--color-foreground, 18, 18, 18), 0.55); border-radius: 0.375rem; }
.twincards a.twincards-action { display: inline-flex; align-items: center; min-height: 44px; }
</style>`);

/** "supplier_name" → "Supplier name": metadata keys are the merchant's identifiers, shown as labels (the blocks do the same). */
export function humanizeKey(key: string): string {
  const text = key.replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A metadata entry's label: the app's own keys in the page's language, a merchant's key as they wrote it (humanized). */
export const metadataLabel = (key: string, tr: Translator) => (isAppMetadataKey(key) ? tr.t(`metadata.${key}`) : humanizeKey(key));

export function metadataValue(entry: StorefrontMetadataEntry, tr: Translator): string {
  const { value } = entry;
  if (entry.metaType === "PRICE" && Array.isArray(value) && value.length === 2) {
    const amount = Number(value[0]);
    if (Number.isFinite(amount) && typeof value[1] === "string") return tr.money(amount, value[1]);
  }
  return plainValue(value, tr);
}

function plainValue(value: unknown, tr: Translator): string {
  if (typeof value === "number") return tr.number(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : plainValue(item, tr))).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value)
      .map(
        ([key, inner]) =>
          `${humanizeKey(key)}: ${typeof inner === "object" && inner !== null ? JSON.stringify(inner) : plainValue(inner, tr)}`,
      )
      .join(", ");
  }
  return String(value);
}

/**
 * A storefront path the app writes (`/apps/twincards/redeem`), as a link of a page in `tr`'s
 * language: under the storefront's localized root (`/fr/apps/...`) and with `?lang=`.
 */
export const to = (tr: Translator, path: string) => rooted(keptPath(path, tr.language));

/** A storefront path under the storefront's localized root (`/fr/apps/...`); a pass link carries its language as `?locale=` already. */
export const rooted = (path: string) => html`${liquid(`{{ ${ROOT_VARIABLE} }}`)}${path}`;

/** The storefront's log-in page, in the page's language, coming back to `returnTo` (a storefront path) in it. */
export const logInLink = (tr: Translator, returnTo: string) =>
  html`${liquid(`{{ ${ROOT_VARIABLE} }}`)}/account/login?return_url=${liquid(`{{ ${ROOT_VARIABLE} | url_encode }}`)}${encodeURIComponent(keptPath(returnTo, tr.language))}`;

export const day = (iso: string, tr: Translator) => html`<time datetime="${iso}">${tr.date(iso)}</time>`;

/**
 * A moment that matters to the shopper, such as a code's expiry: written in the shop's zone with the zone named
 * (what a page without JavaScript reads), and rewritten in the browser's own zone and the page's language by
 * `local-time.client.js` (the proxy cannot know the visitor's zone).
 */
export const moment = (iso: string, tr: Translator, timeZone: string) =>
  html`<time datetime="${iso}" data-twincards-local>${tr.moment(iso, timeZone)}</time>`;

const SLOT = "\u0000";

/** A message with markup in place of one of its values (every other value escaped). */
function withMarkup(tr: Translator, key: MessageKey, name: string, markup: Markup): Markup {
  const [before, after] = tr.t(key, { [name]: SLOT }).split(SLOT);
  return html`${before}${markup}${after}`;
}

export function pictures(urls: string[], name: string, tr: Translator): Markup {
  return html`${urls.filter(isWebUrl).map((url, index) => html`<div class="twincards-media"><img src="${url}" alt="${index === 0 ? name : tr.t("page.image_number", { name, number: index + 1 })}" loading="lazy"></div>`)}`;
}

/** "#12 of 250" under an item's name; nothing outside an edition. */
export function serialLine(item: { serialNumber: number | null; editionSize: number | null }, tr: Translator): Markup | null {
  const serial = tr.serial(item);
  return serial === null ? null : html`<p class="twincards-serial">${serial}</p>`;
}

function chainNote(chain: StorefrontChain, title: string, tr: Translator): Markup | null {
  if (!chain) return null;
  if (chain.status !== "MINTED") return html`<p>${tr.t("my_cards.nft_pending")}</p>`;
  return html`<p>${tr.t("my_cards.nft_minted")} <a href="${chain.explorerUrl}" rel="noopener" aria-label="${tr.t("my_cards.nft_view")}: ${title}">${tr.t("my_cards.nft_view")}</a></p>`;
}

/**
 * One card; `level` keeps the page's headings in order (under an h2 list heading, or right under
 * the h1), and a page that says once what "held" means below the list leaves it out of each card.
 */
/** The link to an item's printable certificate (A4) through the proxy; `pathPrefix` null: none on this page. */
export const certificateLink = (pathPrefix: string | null, id: string, name: string, tr: Translator) =>
  pathPrefix !== null &&
  html`<p><a href="${to(tr, `${pathPrefix}/certificate/${encodeURIComponent(id)}?size=a4`)}" download aria-label="${tr.t("my_cards.certificate")}: ${name}">${tr.t("my_cards.certificate")}</a></p>`;

/** Which wallets an item's pass can be added to, and under which proxy path (null: no link). */
export type PassLinks = { pathPrefix: string; apple: boolean; google: boolean } | null;

/** The links of the wallets the app can sign for, or null when it can sign for none. */
export const passLinks = (pathPrefix: string, wallets: { apple: boolean; google: boolean }): PassLinks =>
  wallets.apple || wallets.google ? { pathPrefix, ...wallets } : null;

/**
 * "Add to Apple Wallet" (its pass) and "Add to Google Wallet" (the proxy answers with Google's
 * save link, decision 0048) for an item the customer holds, in the page's language.
 */
export function walletPassLink(passes: PassLinks, id: string, title: string, tr: Translator): Markup | null {
  if (!passes) return null;
  const apple = tr.t("my_cards.add_to_apple_wallet");
  const google = tr.t("my_cards.add_to_google_wallet");
  return html`${passes.apple && html`<p data-twincards-wallet="apple"><a class="twincards-wallet" href="${rooted(`${passes.pathPrefix}/passes/${id}.pkpass?locale=${tr.language}`)}" aria-label="${apple}: ${title}">${apple}</a></p>`}
${passes.google && html`<p data-twincards-wallet="google"><a class="twincards-wallet" href="${rooted(`${passes.pathPrefix}/google-wallet/${id}?locale=${tr.language}`)}" aria-label="${google}: ${title}">${google}</a></p>`}`;
}

/**
 * What the holder can do with an item, from the one list every "My cards" shows (`actions`, built in
 * the domain's storefront view: issue 39, item 5): verify and see its history, give it or take it
 * back, its certificate, its passes. `only`: the kinds this page offers (all when absent).
 */
export function actionLinks(
  actions: ItemAction[],
  pathPrefix: string,
  title: string,
  tr: Translator,
  only?: readonly ItemActionKind[],
): Markup {
  const label = (key: MessageKey) => tr.t(key);
  return html`${actions
    .filter(({ kind }) => !only || only.includes(kind))
    .map(({ kind, path }) => {
      const at = `${pathPrefix}${path}`;
      switch (kind) {
        case "VERIFY":
          return html`<p><a class="twincards-action" href="${to(tr, at)}" aria-label="${label("my_cards.history")}: ${title}">${label("my_cards.history")}</a></p>`;
        case "GIVE":
          return html`<p><a class="twincards-action" href="${to(tr, at)}" aria-label="${label("my_cards.give")}: ${title}">${label("my_cards.give")}</a></p>`;
        case "TAKE_BACK":
          return html`<form method="post" action="${to(tr, at)}"><button type="submit" class="twincards-secondary" aria-label="${label("my_cards.take_back")}: ${title}">${label("my_cards.take_back")}</button></form>`;
        case "CERTIFICATE":
          return html`<p><a class="twincards-action" href="${to(tr, at)}" download aria-label="${label("my_cards.certificate")}: ${title}">${label("my_cards.certificate")}</a></p>`;
        case "APPLE_PASS":
          return html`<p data-twincards-wallet="apple"><a class="twincards-wallet" href="${rooted(`${at}?locale=${tr.language}`)}" aria-label="${label("my_cards.add_to_apple_wallet")}: ${title}">${label("my_cards.add_to_apple_wallet")}</a></p>`;
        case "GOOGLE_PASS":
          return html`<p data-twincards-wallet="google"><a class="twincards-wallet" href="${rooted(`${at}?locale=${tr.language}`)}" aria-label="${label("my_cards.add_to_google_wallet")}: ${title}">${label("my_cards.add_to_google_wallet")}</a></p>`;
      }
    })}`;
}

const PASS_ACTIONS = ["APPLE_PASS", "GOOGLE_PASS"] as const;

/** A card given to its holder: who gave it, as they chose to be named (issue 39, item 9). */
function giftFromLine(card: StorefrontCard, tr: Translator): Markup | null {
  const gift = card.giftFrom;
  if (!gift) return null;
  const date = tr.date(gift.at);
  return html`<p class="twincards-gift-from">${gift.name ? tr.t("my_cards.gift_from_line", { name: gift.name, date }) : tr.t("my_cards.gift_from_someone", { date })}</p>`;
}

/** The gifts the customer gave that were claimed: "Carte Or: given to Marie on 7 December 2026". */
function givenSection(given: StorefrontGiftGiven[], tr: Translator): Markup | null {
  if (given.length === 0) return null;
  return html`<section class="twincards-given" aria-labelledby="twincards-given"><h2 id="twincards-given">${tr.t("my_cards.given_heading")}</h2>
<ul>${given.map((gift) => html`<li>${tr.t("my_cards.given_line", { card: gift.cardName, to: gift.recipient, date: tr.date(gift.at) })}</li>`)}</ul></section>`;
}

function cardItem(
  card: StorefrontCard,
  tr: Translator,
  pathPrefix: string,
  level: 2 | 3 = 3,
  heldNote = true,
  only?: readonly ItemActionKind[],
): Markup {
  const videos = card.media.videoUrls.filter(isWebUrl);
  const status =
    card.status === "OWNED"
      ? tr.t("my_cards.status_owned")
      : card.status === "PENDING_TRANSFER"
        ? tr.t("my_cards.status_giving")
        : tr.t("my_cards.status_pending");
  const when = card.redeemedAt
    ? html`${tr.t("my_cards.claimed_on")} ${day(card.redeemedAt, tr)}`
    : html`${tr.t("my_cards.added_on")} ${day(card.createdAt, tr)}`;
  return html`<li class="twincards-card"><article>
${pictures(card.media.imageUrls, card.name, tr)}
${videos.map((url, index) => html`<video src="${url}" controls preload="none"><a href="${url}">${tr.t("page.video_number", { name: card.name, number: index + 1 })}</a></video>`)}
${level === 2 ? html`<h2>${card.name}</h2>` : html`<h3>${card.name}</h3>`}
${serialLine(card, tr)}
<p>${tr.t("page.status_line", { status })} · ${when}</p>
${giftFromLine(card, tr)}
${heldNote && card.custody === "HELD" && html`<p class="twincards-held">${tr.t("my_cards.custody_held")}</p>`}
${card.custody === "WALLET" && card.status !== "PENDING_REDEMPTION" && html`<p class="twincards-in-wallet">${tr.t("my_cards.custody_wallet")}</p>`}
${chainNote(card.chain, card.name, tr)}
${card.status === "OWNED" && card.chain !== null && html`<p>${tr.t("my_cards.gift_minted")}</p>`}
${card.metadata.length > 0 && html`<dl>${card.metadata.map((entry) => html`<div><dt>${metadataLabel(entry.key, tr)}</dt><dd>${metadataValue(entry, tr)}</dd></div>`)}</dl>`}
${actionLinks(card.actions, pathPrefix, card.name, tr, only)}
</article></li>`;
}

function twinItem(twin: StorefrontTwin, tr: Translator, pathPrefix: string): Markup {
  const links = twin.links.filter(isWebUrl);
  const facts: [string, Markup | string][] = [
    [tr.t("my_cards.universal_name"), twin.uns_name],
    [tr.t("page.brand"), twin.brand],
    [tr.t("page.creator"), twin.creator],
    [tr.t("my_cards.quantity"), tr.number(twin.quantity)],
    [tr.t("my_cards.price"), twin.price !== null && twin.currency ? tr.money(twin.price, twin.currency) : ""],
    [tr.t("page.categories"), twin.categories.join(", ")],
    [tr.t("page.issued_on"), day(twin.createdAt, tr)],
  ];
  return html`<li class="twincards-twin"><article>
${pictures(twin.images, twin.title, tr)}
<h3>${twin.title}</h3>
${serialLine(twin, tr)}
${twin.description && html`<p>${twin.description}</p>`}
<dl>${facts.filter(([, value]) => value !== "").map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>
${chainNote(twin.chain, twin.title, tr)}
${links.length > 0 && html`<ul>${links.map((url) => html`<li><a href="${url}" rel="nofollow noopener" aria-label="${tr.t("my_cards.link")}: ${twin.title}">${tr.t("my_cards.link")}</a></li>`)}</ul>`}
${actionLinks(twin.actions, pathPrefix, twin.title, tr)}
</article></li>`;
}

/**
 * The codes sent to the customer's verified e-mail, still to claim (issue 39, item 7; decision 0070):
 * each with its cards and a "Claim" button, a plain form (no JavaScript, no code to type).
 */
function waitingSection(waiting: StorefrontWaitingCode[], tr: Translator, pathPrefix: string, timeZone: string): Markup | null {
  if (waiting.length === 0) return null;
  const names = (code: StorefrontWaitingCode) => code.cards.map((card) => card.name).join(", ");
  return html`<section class="twincards-waiting" aria-labelledby="twincards-waiting"><h2 id="twincards-waiting">${tr.t("my_cards.waiting_heading")}</h2>
<p>${tr.t("my_cards.waiting_hint")}</p>
<ul class="twincards-list">${waiting.map(
    (code) => html`<li class="twincards-card"><article>
<h3>${names(code)}</h3>
<p>${withMarkup(tr, "my_cards.waiting_until", "date", moment(code.expiresAt, tr, timeZone))}</p>
<form method="post" action="${to(tr, `${pathPrefix}${code.claimPath}`)}"><button type="submit" aria-label="${tr.t("my_cards.waiting_claim")}: ${names(code)}">${tr.t("my_cards.waiting_claim")}</button></form>
</article></li>`,
  )}</ul></section>`;
}

/**
 * The linked wallet as the customer recognises it, and (with JavaScript) a button copying its whole
 * address (issue 39, item 10; decision 0072).
 */
function walletLine(wallet: NonNullable<StorefrontWallet>, tr: Translator): Markup {
  return html`<p class="twincards-wallet-line">${tr.t("my_cards.wallet_line", { address: wallet.address })} <button type="button" hidden data-twincards-copy data-value="${wallet.publicKey}" data-copied="${tr.t("my_cards.wallet_copied")}" data-failed="${tr.t("my_cards.wallet_copy_failed")}" aria-label="${tr.t("my_cards.wallet_copy_label")}">${tr.t("my_cards.wallet_copy")}</button> <span role="status" aria-live="polite" data-twincards-copy-status></span></p>`;
}

/** What My cards says besides the holdings: a notice above them, and the shop's zone (a page without JavaScript shows times in it). */
export interface HoldingsPageOptions {
  notice?: (tr: Translator) => Markup;
  timeZone: string;
}

/** GET /proxy: the logged-in customer's cards and twins. */
export function holdingsPage(
  { waiting, cards, twins, given, wallet }: StorefrontHoldings,
  pathPrefix: string,
  { notice, timeZone }: HoldingsPageOptions,
): string {
  const empty = cards.length === 0 && twins.length === 0 && waiting.length === 0;
  return (
    localized(
      (tr) => html`<h1>${tr.t("my_cards.heading")}</h1>
${notice && html`<p class="twincards-notice" role="status">${notice(tr)}</p>`}
${empty && html`<p>${tr.t("my_cards.empty")}</p>`}
${wallet && walletLine(wallet, tr)}
${waitingSection(waiting, tr, pathPrefix, timeZone)}
${cards.length > 0 && html`<h2>${tr.t("page.cards")}</h2><ul class="twincards-list">${cards.map((card) => cardItem(card, tr, pathPrefix))}</ul>`}
${twins.length > 0 && html`<h2>${tr.t("page.twins")}</h2><ul class="twincards-list">${twins.map((twin) => twinItem(twin, tr, pathPrefix))}</ul>`}
${givenSection(given, tr)}
${walletNext(cards, tr, pathPrefix)}
<p><a href="${to(tr, `${pathPrefix}/redeem`)}">${tr.t("page.claim_link")}</a></p>`,
    ) +
    (wallet ? `\n{% raw %}<script>${copyScript}</script>{% endraw %}` : "") +
    (waiting.length > 0 ? `\n{% raw %}<script>${localTimeScript}</script>{% endraw %}` : "")
  );
}

/** What a logged-out visitor sees instead of a page about a customer; logging in comes back to `returnTo`, in the page's language. */
export function loggedOutPage(page: "my_cards" | "claim", returnTo: string): string {
  return localized(
    (tr) => html`<h1>${tr.t(`${page}.heading`)}</h1>
<p>${tr.t(`log_in.${page}`)}</p>
<p><a href="${logInLink(tr, returnTo)}">${tr.t("log_in.link")}</a></p>${page === "claim" ? resendLink(tr, returnTo) : null}`,
  );
}

/** "Didn't get it? Send it again", under a claim form (decision 0071): no log-in needed. */
function resendLink(tr: Translator, claimPath: string): Markup {
  const prefix = claimPath.replace(/\/redeem(?:\?.*)?$/, "");
  return html`
<p><a class="twincards-resend-link" href="${to(tr, `${prefix}/redeem/resend`)}">${tr.t("claim.resend.link")}</a></p>`;
}

/** The resend form's state: what was typed, and the outcome once sent (the same words whatever the address). */
export interface ResendFormState {
  destination: string;
  sent?: boolean;
  failure?: ClaimFailure;
}

/** What to tell the shopper about a refused resend: at the field, or for the whole form (""). */
function resendProblem(state: ResendFormState): { at: "destination" | ""; key: MessageKey } | null {
  const failure = state.failure;
  if (!failure) return null;
  if (failure.code === "RATE_LIMITED") return { at: "", key: "claim.resend.errors.rate_limited" };
  if (failure.code === "VALIDATION_FAILED" && failure.details.every((detail) => detail.path === "destination")) {
    return { at: "destination", key: state.destination.trim() === "" ? "claim.resend.errors.required" : "claim.resend.errors.invalid" };
  }
  return { at: "", key: "claim.resend.errors.generic" };
}

/** "Send the code again": the e-mail or phone it went to, and the same neutral answer whether or not it had any. */
export function resendPage(state: ResendFormState, pathPrefix: string): string {
  const problem = resendProblem(state);
  const id = "twincards-destination";
  return localized((tr) => {
    const error = problem?.at === "destination" ? problem.key : null;
    return html`<h1>${tr.t("claim.resend.heading")}</h1>
${state.sent ? html`<div class="twincards-notice" role="status"><p>${tr.t("claim.resend.sent")}</p></div>` : null}
${problem?.at === "" ? html`<div class="twincards-error" role="alert"><p>${tr.t(problem.key)}</p></div>` : null}
${error ? html`<div class="twincards-error" role="alert"><p>${tr.t("page.check_fields")}</p></div>` : null}
<p>${tr.t("claim.resend.intro")}</p>
<form method="post" action="${to(tr, `${pathPrefix}/redeem/resend`)}">
<label for="${id}">${tr.t("claim.resend.label")}</label>
<input id="${id}" name="destination" type="text" inputmode="email" value="${state.sent ? "" : state.destination}" maxlength="254" required autocomplete="email" spellcheck="false" aria-describedby="${error ? `${id}-error ` : ""}${id}-hint"${error ? html` aria-invalid="true"` : ""}>
${error && html`<p class="twincards-error" id="${id}-error">${tr.t(error)}</p>`}
<p id="${id}-hint">${tr.t("claim.resend.hint")}</p>
<button type="submit">${tr.t("claim.resend.button")}</button>
</form>
<p><a href="${to(tr, `${pathPrefix}/redeem`)}">${tr.t("claim.resend.enter_code")}</a></p>`;
  });
}

/** A failed claim, as the domain reported it. */
export interface ClaimFailure {
  code: ErrorCode;
  details: ErrorDetail[];
  /** GIFT_TAKEN_BACK: the code was a gift its giver took back (said apart from a code already used). */
  reason?: string;
}

export interface ClaimFormState {
  code: string;
  failure?: ClaimFailure;
}

type ClaimField = "code";
const FIELD_IDS: Record<ClaimField, string> = { code: "twincards-code" };

/** What to tell the customer about a failed claim, in their words: per field, or for the whole form (""). */
function claimProblems(state: ClaimFormState): Map<ClaimField | "", MessageKey> {
  const problems = new Map<ClaimField | "", MessageKey>();
  const failure = state.failure;
  if (!failure) return problems;
  const codeProblem: Partial<Record<ErrorCode, MessageKey>> = {
    NOT_FOUND: "claim.errors.not_found",
    CONFLICT: "claim.errors.conflict",
    EXPIRED: "claim.errors.expired",
    VOIDED: "claim.errors.voided",
  };
  if (failure.reason === "GIFT_TAKEN_BACK") return problems.set("code", "claim.errors.taken_back");
  const onCode = codeProblem[failure.code];
  if (onCode) return problems.set("code", onCode);
  if (failure.code === "RATE_LIMITED") return problems.set("", "claim.errors.rate_limited");
  if (failure.code !== "VALIDATION_FAILED") return problems.set("", "claim.errors.generic");
  for (const { path } of failure.details) {
    if (path === "code" && !problems.has("code")) {
      problems.set("code", state.code.trim() === "" ? "claim.errors.code_required" : "claim.errors.not_found");
    } else if (path !== "code") {
      problems.set("", "claim.errors.generic");
    }
  }
  return problems;
}

/** GET /proxy/redeem and a failed no-JavaScript claim: the claim form, keeping what was typed. */
export function claimFormPage(state: ClaimFormState, pathPrefix: string): string {
  const problems = claimProblems(state);
  return localized((tr) => {
    const summary = problems.get("") ?? (problems.size > 0 ? "page.check_fields" : undefined);
    const field = (name: ClaimField, label: string, hint: string, attributes: Markup) => {
      const id = FIELD_IDS[name];
      const error = problems.get(name);
      return html`<label for="${id}">${label}</label>
<input id="${id}" name="${name}" type="text" value="${state[name]}" ${attributes} autocomplete="off" spellcheck="false" aria-describedby="${error ? `${id}-error ` : ""}${id}-hint"${error ? html` aria-invalid="true"` : ""}>
${error && html`<p class="twincards-error" id="${id}-error">${tr.t(error)}</p>`}
<p id="${id}-hint">${hint}</p>`;
    };
    return html`<h1>${tr.t("claim.heading")}</h1>
${summary && html`<div class="twincards-error" role="alert"><p>${tr.t(summary)}</p></div>`}
<form method="post" action="${to(tr, `${pathPrefix}/redeem`)}">
${field("code", tr.t("claim.code_label"), tr.t("claim.code_hint"), html`maxlength="80" required autocapitalize="characters"`)}
<button type="submit">${tr.t("claim.button")}</button>
</form>${resendLink(tr, `${pathPrefix}/redeem`)}
<p><a href="${to(tr, pathPrefix)}">${tr.t("page.my_cards_link")}</a></p>`;
  });
}

/** A successful no-JavaScript claim: the cards now in the customer's hands, and what they may do next. */
export function claimedPage(cards: StorefrontCard[], pathPrefix: string): string {
  return localized(
    (tr) => html`<h1>${cards.length === 1 ? tr.t("page.claimed_one") : tr.t("page.claimed_other", { count: tr.number(cards.length) })}</h1>
<ul class="twincards-list">${cards.map((card) => cardItem(card, tr, pathPrefix, 2, false, PASS_ACTIONS))}</ul>
${walletNext(cards, tr, pathPrefix)}
<p><a href="${to(tr, pathPrefix)}">${tr.t("page.my_cards_link")}</a> · <a href="${to(tr, `${pathPrefix}/redeem`)}">${tr.t("page.claim_another")}</a></p>`,
  );
}

/** For cards the store holds: that nothing else is needed, and where to link a wallet. */
function walletNext(cards: StorefrontCard[], tr: Translator, pathPrefix: string): Markup | null {
  const held = cards.filter((card) => card.custody === "HELD").length;
  if (held === 0) return null;
  return html`<p>${tr.t(held === 1 ? "claim.held_next" : "claim.held_next_other")} <a href="${to(tr, `${pathPrefix}/wallet`)}">${tr.t("my_cards.link_wallet")}</a></p>`;
}

/** A storefront path the app does not serve (an old or mistyped link): said in the shopper's language, with the way to My cards. */
export function notFoundPage(pathPrefix: string): string {
  return localized(
    (tr) => html`<h1>${tr.t("page.not_found_heading")}</h1>
<p>${tr.t("page.not_found")}</p>
<p><a href="${to(tr, pathPrefix)}">${tr.t("page.my_cards_link")}</a></p>`,
  );
}

/** The customer's cards could not be loaded: nothing they can fix but trying again. */
export function loadErrorPage(pathPrefix: string): string {
  return localized(
    (tr) => html`<h1>${tr.t("my_cards.heading")}</h1>
<p class="twincards-error" role="alert">${tr.t("page.load_error")}</p>
<p><a href="${to(tr, pathPrefix)}">${tr.t("my_cards.retry")}</a></p>`,
  );
}

/** The give form's fields, as the holder typed them. */
export interface GiveFormState {
  to: string;
  message: string;
  fromName: string;
  failure?: ClaimFailure;
}

type GiveField = "to" | "message" | "fromName";

/** What to tell the holder about a refused gift: per field, or for the whole form (""). */
function giveProblems(failure: ClaimFailure | undefined): Map<GiveField | "", MessageKey> {
  const problems = new Map<GiveField | "", MessageKey>();
  if (!failure) return problems;
  if (failure.code === "RATE_LIMITED") return problems.set("", "my_cards.gift_errors.rate_limited");
  if (failure.code !== "VALIDATION_FAILED") return problems.set("", "my_cards.gift_errors.generic");
  for (const { path } of failure.details) {
    if (path === "email" || path === "phone") problems.set("to", "my_cards.gift_errors.to");
    else if (path === "fromName") problems.set("fromName", "my_cards.gift_errors.from_name");
    else if (path === "message") problems.set("message", "my_cards.gift_errors.message");
    else problems.set("", "my_cards.gift_errors.generic");
  }
  return problems;
}

/**
 * GET /proxy/cards/<id>/give and a refused gift: "Give this" on a page that needs no JavaScript (the
 * app proxy's My cards links here). The page's language goes with the gift: the recipient reads it
 * in it unless Shopify knows theirs (decision 0065).
 */
export function giveFormPage(card: StorefrontCard, state: GiveFormState, pathPrefix: string): string {
  const problems = giveProblems(state.failure);
  const action = `${pathPrefix}/cards/${encodeURIComponent(card.id)}/give`;
  return localized((tr) => {
    const summary = problems.get("") ?? (problems.size > 0 ? "page.check_fields" : undefined);
    const field = (name: GiveField, label: string, control: (describedBy: string, invalid: Markup | null) => Markup) => {
      const id = `twincards-gift-${name}`;
      const error = problems.get(name);
      return html`<label for="${id}">${label}</label>
${control(error ? `${id}-error` : "", error ? html` aria-invalid="true"` : null)}
${error && html`<p class="twincards-error" id="${id}-error">${tr.t(error)}</p>`}`;
    };
    return html`<h1>${tr.t("my_cards.give")}</h1>
<h2>${card.name}</h2>
${serialLine(card, tr)}
${summary && html`<div class="twincards-error" role="alert"><p>${tr.t(summary)}</p></div>`}
<form method="post" action="${to(tr, action)}">
<input type="hidden" name="locale" value="${tr.language}">
${field("to", tr.t("my_cards.gift_to"), (describedBy, invalid) => html`<input id="twincards-gift-to" name="to" type="text" value="${state.to}" maxlength="254" required autocomplete="off" spellcheck="false"${describedBy ? html` aria-describedby="${describedBy}"` : ""}${invalid}>`)}
${field("message", tr.t("my_cards.gift_message"), (describedBy, invalid) => html`<textarea id="twincards-gift-message" name="message" maxlength="300" rows="3"${describedBy ? html` aria-describedby="${describedBy}"` : ""}${invalid}>${state.message}</textarea>`)}
${field("fromName", tr.t("my_cards.gift_from"), (describedBy, invalid) => html`<input id="twincards-gift-fromName" name="fromName" type="text" value="${state.fromName}" maxlength="60" autocomplete="given-name"${describedBy ? html` aria-describedby="${describedBy}"` : ""}${invalid}>`)}
<button type="submit">${tr.t("my_cards.gift_send")}</button>
</form>
<p><a href="${to(tr, pathPrefix)}">${tr.t("page.my_cards_link")}</a></p>`;
  });
}
