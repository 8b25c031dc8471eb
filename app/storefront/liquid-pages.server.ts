import type { ErrorDetail } from "~/domain/errors";
import { currencyMinorDigits } from "~/domain/schemas";
import type { StorefrontCard, StorefrontChain, StorefrontHoldings, StorefrontMetadataEntry, StorefrontTwin } from "~/domain/storefront.server";

/*
 * The app proxy's pages: plain HTML that Shopify renders as Liquid inside the
 * shop's theme. They work with no JavaScript at all. Every value goes through
 * `html`, which escapes it for HTML and for Liquid (`{` and `}` become
 * entities, so no `{{ }}` or `{% %}` can be formed from data).
 */

/** Markup that is already safe: only `html` makes one. */
class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = Markup | string | number | null | undefined | false | Part[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "{": "&#123;",
  "}": "&#125;",
};

/** Escapes text for an HTML element or quoted attribute, and so that Liquid sees no tag or output delimiter. */
export const escapeText = (text: string) => text.replace(/[&<>"'{}]/g, (char) => ENTITIES[char]!);

function render(part: Part): string {
  if (part instanceof Markup) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  if (part === null || part === undefined || part === false) return "";
  return escapeText(String(part));
}

/** A template whose every interpolated value is escaped (unless it is itself `html`). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Markup {
  return new Markup(strings.reduce((out, literal, index) => out + render(values[index - 1]) + literal));
}

/** Only absolute http(s) URLs become links or sources (the domain only stores those, this makes sure). */
const isWebUrl = (url: string) => URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol);

// A little layout the theme's own styles can override; no script anywhere.
const STYLE = html`<style>
.twincards { max-width: 72rem; margin: 0 auto; padding: 1rem; }
.twincards-list { list-style: none; padding: 0; display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.twincards-list img, .twincards-list video { max-width: 100%; height: auto; }
.twincards dl > div { display: flex; gap: 0.5rem; }
.twincards dt { font-weight: bold; }
.twincards dd { margin: 0; overflow-wrap: anywhere; }
.twincards-error { color: #b42318; }
.twincards form label { display: block; font-weight: bold; margin-top: 1rem; }
</style>`;

const page = (body: Markup) => html`${STYLE}<section class="twincards">${body}</section>`.value;

const STATUS_LABEL: Record<StorefrontCard["status"], string> = { OWNED: "Owned", PENDING_REDEMPTION: "Waiting to be claimed" };

const day = (iso: string) => html`<time datetime="${iso}">${iso.slice(0, 10)}</time>`;

function metadataValue(entry: StorefrontMetadataEntry): string {
  const { value } = entry;
  if (entry.metaType === "PRICE" && Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "string") {
    return money(value[0], value[1]);
  }
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

function money(amount: number, currency: string): string {
  try {
    return `${amount.toFixed(currencyMinorDigits(currency))} ${currency}`;
  } catch {
    return `${amount} ${currency}`;
  }
}

function chainNote(chain: StorefrontChain, title: string): Markup | null {
  if (!chain) return null;
  if (chain.status !== "MINTED") return html`<p>NFT on its way to your wallet.</p>`;
  return html`<p>NFT in your wallet. <a href="${chain.explorerUrl}" rel="noopener" aria-label="View ${title} on Solana Explorer">View on Solana Explorer</a></p>`;
}

function cardItem(card: StorefrontCard): Markup {
  const images = card.media.imageUrls.filter(isWebUrl);
  const videos = card.media.videoUrls.filter(isWebUrl);
  return html`<li class="twincards-card"><article>
${images.map((url, index) => html`<img src="${url}" alt="${index === 0 ? card.name : `${card.name}, image ${index + 1}`}" loading="lazy">`)}
${videos.map((url, index) => html`<video src="${url}" controls preload="none"><a href="${url}">Video ${index + 1} of ${card.name}</a></video>`)}
<h3>${card.name}</h3>
<p>Status: ${STATUS_LABEL[card.status]}${card.redeemedAt ? html` · claimed ${day(card.redeemedAt)}` : html` · since ${day(card.createdAt)}`}</p>
${chainNote(card.chain, card.name)}
${card.metadata.length > 0 && html`<dl>${card.metadata.map((entry) => html`<div><dt>${entry.key}</dt><dd>${metadataValue(entry)}</dd></div>`)}</dl>`}
</article></li>`;
}

function twinItem(twin: StorefrontTwin): Markup {
  const images = twin.images.filter(isWebUrl);
  const links = twin.links.filter(isWebUrl);
  const facts: [string, string][] = [
    ["Universal name", twin.uns_name],
    ["Brand", twin.brand],
    ["Creator", twin.creator],
    ["Quantity", String(twin.quantity)],
    ["Price", twin.price !== null && twin.currency ? money(twin.price, twin.currency) : ""],
    ["Categories", twin.categories.join(", ")],
    ["Issued", twin.createdAt.slice(0, 10)],
  ];
  return html`<li class="twincards-twin"><article>
${images.map((url, index) => html`<img src="${url}" alt="${index === 0 ? twin.title : `${twin.title}, image ${index + 1}`}" loading="lazy">`)}
<h3>${twin.title}</h3>
${twin.description && html`<p>${twin.description}</p>`}
<dl>${facts.filter(([, value]) => value !== "").map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>
${chainNote(twin.chain, twin.title)}
${links.length > 0 && html`<ul>${links.map((url) => html`<li><a href="${url}" rel="nofollow noopener">${url}</a></li>`)}</ul>`}
</article></li>`;
}

/** GET /proxy: the logged-in customer's cards and twins. */
export function holdingsPage({ cards, twins }: StorefrontHoldings, pathPrefix: string): string {
  const empty = cards.length === 0 && twins.length === 0;
  return page(html`<h1>My cards</h1>
${empty && html`<p>You don't have any cards yet. If you received a redemption code, claim your card with it.</p>`}
${cards.length > 0 && html`<h2>Cards</h2><ul class="twincards-list">${cards.map(cardItem)}</ul>`}
${twins.length > 0 && html`<h2>Digital twins</h2><ul class="twincards-list">${twins.map(twinItem)}</ul>`}
<p><a href="${pathPrefix}/redeem">Claim a card</a></p>`);
}

/** What a logged-out visitor sees instead of a page about a customer. */
export function loggedOutPage(title: string, reason: string, loginHref: string): string {
  return page(html`<h1>${title}</h1>
<p>${reason}</p>
<p><a href="${loginHref}">Log in</a></p>`);
}

export interface ClaimFormState {
  code: string;
  publicKey: string;
  /** A failed claim: what went wrong, and the details (field problems go next to their field). */
  failure?: { message: string; details: ErrorDetail[]; validation: boolean };
}

const FIELDS = [
  { name: "code", id: "twincards-code", label: "Redemption code", hint: "The code from your e-mail or text message, e.g. ABCD-EFGH-JKMN." },
  { name: "publicKey", id: "twincards-public-key", label: "Wallet public key (optional)", hint: "Leave empty to use the wallet of your universal name." },
] as const;

/** GET /proxy/redeem and a failed no-JavaScript claim: the claim form, keeping what was typed. */
export function claimFormPage(state: ClaimFormState, pathPrefix: string): string {
  const { failure } = state;
  const fieldMessages = new Map<string, string>();
  for (const detail of failure?.details ?? []) {
    if (FIELDS.some((field) => field.name === detail.path) && !fieldMessages.has(detail.path)) fieldMessages.set(detail.path, detail.message);
  }
  const otherDetails = (failure?.details ?? []).filter((detail) => !fieldMessages.has(detail.path));
  const summary = failure?.validation && fieldMessages.size > 0 ? "Please check the fields below." : failure?.message;
  return page(html`<h1>Claim a card</h1>
${failure && html`<div class="twincards-error" role="alert"><p>${summary}</p>${otherDetails.length > 0 && html`<ul>${otherDetails.map((detail) => html`<li>${detail.path ? `${detail.path}: ` : ""}${detail.message}</li>`)}</ul>`}</div>`}
<form method="post" action="${pathPrefix}/redeem">
${FIELDS.map((field) => {
    const error = fieldMessages.get(field.name);
    const describedBy = error ? `${field.id}-error ${field.id}-hint` : `${field.id}-hint`;
    return html`<label for="${field.id}">${field.label}</label>
<input id="${field.id}" name="${field.name}" type="text" value="${state[field.name]}" maxlength="${field.name === "code" ? 80 : 64}"${field.name === "code" ? html` required` : ""} autocomplete="off" autocapitalize="${field.name === "code" ? "characters" : "off"}" spellcheck="false" aria-describedby="${describedBy}"${error ? html` aria-invalid="true"` : ""}>
${error && html`<p class="twincards-error" id="${field.id}-error">${error}</p>`}
<p id="${field.id}-hint">${field.hint}</p>`;
  })}
<button type="submit">Claim</button>
</form>
<p><a href="${pathPrefix}">My cards</a></p>`);
}

/** A successful no-JavaScript claim: the cards now in the customer's hands. */
export function claimedPage(cards: StorefrontCard[], pathPrefix: string): string {
  return page(html`<h1>${cards.length === 1 ? "You claimed a card" : `You claimed ${cards.length} cards`}</h1>
<ul class="twincards-list">${cards.map(cardItem)}</ul>
<p><a href="${pathPrefix}">My cards</a> · <a href="${pathPrefix}/redeem">Claim another card</a></p>`);
}

/** Something failed that the visitor cannot fix by changing their input. */
export function errorPage(title: string, message: string, pathPrefix: string): string {
  return page(html`<h1>${title}</h1>
<p class="twincards-error" role="alert">${message}</p>
<p><a href="${pathPrefix}">My cards</a></p>`);
}
