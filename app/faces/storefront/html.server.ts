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

/** Inside JSON strings: characters HTML or Liquid could read as their own (`</script>`, `{{`, `{%`), written as \u escapes. */
const JSON_STRING_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "{": "\\u007b",
  "}": "\\u007d",
  "%": "\\u0025",
};

/** JSON text whose strings hold nothing HTML or Liquid would read (its structure has no `{{` or `{%`: keys are strings). */
export function inertJson(value: unknown): string {
  const text = JSON.stringify(value);
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString && char === "\\") {
      out += char + text[++i];
      continue;
    }
    if (char === '"') inString = !inString;
    out += inString ? (JSON_STRING_ESCAPES[char] ?? char) : char;
  }
  return out;
}

/**
 * A data block (`<script type="application/ld+json">`: never run) holding `value` as JSON. `liquidValues` are
 * Liquid expressions (the app's own, never data) put where `value` holds their placeholder string, as JSON
 * values through Liquid's `json` filter.
 */
export function jsonDataBlock(type: string, value: unknown, liquidValues: Record<string, string> = {}): Markup {
  let json = inertJson(value);
  for (const [placeholder, expression] of Object.entries(liquidValues))
    json = json.split(JSON.stringify(placeholder)).join(`{{ ${expression} | json }}`);
  return new Markup(`<script type="${escapeText(type)}">${json}</script>`);
}
