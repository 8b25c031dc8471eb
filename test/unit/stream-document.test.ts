import { createElement, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ABORT_DELAY_MS, streamDocument } from "~/faces/document/stream-document.server";

// A page's HTML streams from its shell; the abort delay bounds only what is still suspended after it.
// Under load a shell can take seconds to render (issue 37: GET /app answered 500 with "The render was
// aborted by the server"): the clock moving on while it renders must not fail the page.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const page = (...children: Parameters<typeof createElement>[2][]) => createElement("html", null, createElement("body", null, ...children));

/** A part whose render takes longer than the abort delay, as on a CPU shared with other work. */
function SlowToRender() {
  vi.advanceTimersByTime(ABORT_DELAY_MS + 1000);
  return createElement("h1", null, "Twin Cards");
}

/** A part whose data never comes. */
function NeverReady(): never {
  throw new Promise(() => undefined);
}

describe("streamDocument", () => {
  it("answers the page when rendering its shell took longer than the abort delay, not a 500", async () => {
    const response = await streamDocument(page(createElement(SlowToRender)), { status: 200, headers: new Headers(), bot: false });

    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>Twin Cards</h1>");
  });

  it("gives up on a part still suspended the abort delay after the shell, and ends the page with its fallback", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await streamDocument(
      page(createElement("h1", null, "Cards"), createElement(Suspense, { fallback: "Loading…" }, createElement(NeverReady))),
      { status: 200, headers: new Headers(), bot: false },
    );
    const text = response.text();
    vi.advanceTimersByTime(ABORT_DELAY_MS);

    expect(await text).toContain("Loading…");
    expect(await text).toContain("<h1>Cards</h1>");
    expect(logged).toHaveBeenCalled();
  });
});
