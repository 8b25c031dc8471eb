import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFetch, imageProbe } from "~/adapters/images/image-fetch.server";

// A real 1×1 PNG, and a server answering what each path names.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- the logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>');
// The start of an AVIF file: its ftyp box (major brand avif), then the rest a reader would decode.
const AVIF_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from("ftypavif\0\0\0\0avifmif1miaf", "latin1"), Buffer.alloc(64)]);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/dot.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(PNG);
    if (req.url === "/big.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(Buffer.concat([PNG, Buffer.alloc(4096)]));
    if (req.url === "/fake.png") return res.writeHead(200, { "Content-Type": "image/png" }).end("<html>not an image</html>");
    if (req.url === "/page") return res.writeHead(200, { "Content-Type": "text/html" }).end("<html></html>");
    if (req.url === "/logo.svg") return res.writeHead(200, { "Content-Type": "image/svg+xml" }).end(SVG);
    if (req.url === "/fake.svg") return res.writeHead(200, { "Content-Type": "image/svg+xml" }).end("<html><svg></svg></html>");
    if (req.url === "/photo.avif") return res.writeHead(200, { "Content-Type": "image/avif" }).end(AVIF_HEAD);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const loopback = imageFetch(() => true);

describe("fetching an image to embed", () => {
  it("reads the whole image with its type", async () => {
    const got = await loopback(`${base}/dot.png`, 1024);
    expect(got).toEqual({ ok: true, contentType: "image/png", bytes: PNG });
  });

  it("refuses one larger than asked for, rather than cutting it", async () => {
    expect(await loopback(`${base}/big.png`, 1024)).toEqual({ ok: false, reason: "The image is larger than 1 KiB" });
  });

  it("refuses a page, a body that is not the image it claims, and a 404", async () => {
    expect(await loopback(`${base}/page`, 1024)).toEqual({ ok: false, reason: "Not an image: the address answered text/html" });
    expect(await loopback(`${base}/fake.png`, 1024)).toEqual({ ok: false, reason: "Not an image: the content is not image/png" });
    expect(await loopback(`${base}/missing.png`, 1024)).toEqual({ ok: false, reason: "The address answered HTTP 404, not an image" });
  });

  it("reads SVG and AVIF for a document, which draws them, and refuses markup that only says it is SVG", async () => {
    expect(await loopback(`${base}/logo.svg`, 1024)).toEqual({ ok: true, contentType: "image/svg+xml", bytes: SVG });
    expect(await loopback(`${base}/photo.avif`, 1024)).toEqual({ ok: true, contentType: "image/avif", bytes: AVIF_HEAD });
    expect(await loopback(`${base}/fake.svg`, 1024)).toEqual({ ok: false, reason: "Not an image: the content is not image/svg+xml" });
  });

  it("refuses SVG as a message logo, which e-mail clients do not show", async () => {
    expect(await imageProbe(() => true)(`${base}/logo.svg`)).toEqual({
      ok: false,
      reason: "A image/svg+xml image is not shown by e-mail clients: use PNG, JPEG, GIF or WebP",
    });
  });

  it("never reaches a loopback or private address unless the server allows it", async () => {
    const guarded = imageFetch(() => false);
    expect(await guarded(`${base}/dot.png`, 1024)).toMatchObject({ ok: false, reason: expect.stringMatching(/public address/) });
    expect(await guarded("http://10.0.0.1/dot.png", 1024)).toMatchObject({ ok: false, reason: expect.stringMatching(/public address/) });
    expect(await guarded("file:///etc/passwd", 1024)).toEqual({ ok: false, reason: "Must be an http or https address" });
  });

  it("the logo probe still reads only the head of a large image", async () => {
    expect(await imageProbe(() => true)(`${base}/big.png`)).toEqual({ ok: true, contentType: "image/png" });
  });
});
