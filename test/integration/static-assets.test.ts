import { existsSync, readdirSync } from "node:fs";
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

describe("built assets", () => {
  it("answers another method on an asset as not found, also to a client that accepts br (its .br copy was picked, then a second Content-Type broke the answer: a 500)", async () => {
    const asset = readdirSync("build/client/assets").find((file) => file.endsWith(".js") && existsSync(`build/client/assets/${file}.br`))!;
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await fetch(`${baseUrl}/assets/${asset}`, {
        method,
        headers: { "User-Agent": USER_AGENT, "Accept-Encoding": "br" },
      });
      await response.arrayBuffer();
      expect(response.status, method).toBeLessThan(500);
      expect(response.status, method).not.toBe(200);
    }
    const served = await fetch(`${baseUrl}/assets/${asset}`, { headers: { "User-Agent": USER_AGENT, "Accept-Encoding": "br" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-encoding")).toBe("br");
  });
});
