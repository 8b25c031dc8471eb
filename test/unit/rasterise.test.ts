import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fittedPng } from "~/adapters/images/rasterise.server";
import { pngFile } from "../../stubs/admin-api/png";

const BOX = { width: 300, height: 300 };
const svg = (body: string, size = 'width="30" height="20"') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`);

describe("pictures drawn for a document", () => {
  it("draws an SVG at the box's size from its own shapes, not enlarged from its CSS pixels", async () => {
    const png = await fittedPng(svg('<rect width="30" height="20" fill="#0a7d5a"/>'), BOX);
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 300, 200]);
    const { channels } = await sharp(png!).stats();
    expect(channels.slice(0, 3).map((channel) => Math.round(channel.mean))).toEqual([0x0a, 0x7d, 0x5a]);
  });

  it("reads AVIF and WebP, and never enlarges a small raster picture", async () => {
    const small = sharp({ create: { width: 40, height: 30, channels: 3, background: "#d4a017" } });
    for (const bytes of [await small.clone().avif().toBuffer(), await small.clone().webp().toBuffer()]) {
      const meta = await sharp((await fittedPng(bytes, BOX))!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 40, 30]);
    }
  });

  it("draws an SVG of any declared size from its vectors", async () => {
    const png = await fittedPng(svg('<rect width="100000" height="100000" fill="#000"/>', 'width="100000" height="100000"'), BOX);
    expect(await sharp(png!).metadata()).toMatchObject({ format: "png", width: 300, height: 300 });
  });

  it("gives up on what is not a picture, a picture whose header claims ten billion pixels, and an SVG that references itself without end", async () => {
    expect(await fittedPng(Buffer.from("<html>not a picture</html>"), BOX)).toBeNull();
    expect(await fittedPng(pngFile(100_000, 100_000, null), BOX)).toBeNull();
    // Ten levels of ten <use> each: 10^10 elements to draw (librsvg refuses past its own limit).
    const levels = Array.from({ length: 10 }, (_, level) => {
      const uses = Array.from({ length: 10 }, () => (level === 0 ? '<rect width="1" height="1"/>' : `<use href="#l${level - 1}"/>`)).join(
        "",
      );
      return `<g id="l${level}">${uses}</g>`;
    }).join("");
    expect(await fittedPng(svg(`<defs>${levels}</defs><use href="#l9"/>`), BOX)).toBeNull();
  });
});
