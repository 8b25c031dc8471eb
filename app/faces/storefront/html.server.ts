/*
 * HTML for the app proxy's pages, which Shopify renders as Liquid inside the
 * shop's theme. Every value goes through `html`, which escapes it for HTML and
 * for Liquid (`{` and `}` become entities, so no `{{ }}` or `{% %}` can be
 * formed from data).
 */

/** Markup that is already safe: only `html` and `liquid` make one. */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export type Part = Markup | string | number | null | undefined | false | Part[];

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

/** Liquid the app itself writes (never data): kept as it is. */
export const liquid = (source: string) => new Markup(source);

/** Only absolute http(s) URLs become links or sources (the domain only stores those, this makes sure). */
export const isWebUrl = (url: string) => URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol);
