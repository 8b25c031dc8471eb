import { expect } from "vitest";
import { renderedPage } from "./app-proxy";

/** Words of the English refusal pages that no French page may show (brands such as "Apple Wallet" aside). */
const ENGLISH = /\b(this|the|your|card|cards|log in|my cards|try again|can’t|isn’t|hasn’t|shop)\b/i;

/** What a visitor reads of a rendered page: its text, without the style, script and markup. */
export const visibleText = (page: string) =>
  page
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A refused download as a shopper's tap gets it: the status, a Liquid page inside the theme (never a PDF, a
 * pass or JSON), a way back to My cards; rendered as the storefront in `locale` shows it (the shop's primary
 * locale unless told). Returns the visible text.
 */
export async function refusalPage(
  response: Response,
  status: number,
  locale = "en",
  storefront: { primary?: boolean; root?: string } = { primary: true },
): Promise<{ text: string; page: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get("location")).toBeNull();
  expect(response.headers.get("cache-control")).toContain("no-store");
  const page = await renderedPage(response, locale, storefront);
  const text = visibleText(page);
  expect(page).toMatch(/<a class="twincards-action" href="[^"]*\/apps\/twincards\?lang=(en|fr)">(My cards|Mes cartes)<\/a>/);
  return { text, page };
}

/** No English word on a French page. */
export const expectNoEnglish = (text: string) => expect(text.match(ENGLISH)?.[0] ?? null).toBeNull();
