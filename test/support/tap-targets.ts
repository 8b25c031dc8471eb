import type { Page } from "playwright-core";

/** The smallest tap target a phone's user can hit reliably (Apple's and WCAG's 44 × 44 CSS pixels). */
export const MIN_TAP_TARGET = 44;

/** Every visible link and button of the app's parts of the page that is smaller than a tap target, with its size. */
export async function smallTargets(page: Page): Promise<string[]> {
  const targets = page.locator(".twincards a, .twincards button, .twin-cards a, .twin-cards button");
  const small: string[] = [];
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    if (!box) continue;
    if (box.width < MIN_TAP_TARGET || box.height < MIN_TAP_TARGET) {
      const text = (await target.innerText()).trim() || (await target.getAttribute("aria-label")) || "(no text)";
      small.push(`${text}: ${Math.round(box.width)} × ${Math.round(box.height)}`);
    }
  }
  return small;
}
