import { describe, expect, it } from "vitest";
import { baseUrl, USER_AGENT } from "../support/api";

describe("static files", () => {
  it("serves a favicon, so browsers' automatic /favicon.ico request is not an error in the log", async () => {
    const response = await fetch(`${baseUrl}/favicon.ico`, { headers: { "User-Agent": USER_AGENT } });
    const body = Buffer.from(await response.arrayBuffer());

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\//);
    // An ICO file: reserved 0, type 1 (icon), one image.
    expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
  });
});
