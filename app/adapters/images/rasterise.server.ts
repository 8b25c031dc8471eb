import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import sharp, { type Sharp } from "sharp";

/*
 * Pictures the merchant points at, decoded for a document (a certificate, a Wallet pass): any format
 * sharp reads (PNG, JPEG, GIF, WebP, AVIF, SVG), one frame, within bounds of pixels and time, since the
 * file comes from the web. A picture that breaks a bound is refused like one that cannot be decoded.
 *
 * An SVG is drawn in a process of its own, killed past MAX_SVG_MS: librsvg draws in one native call
 * that sharp's timeout cannot stop, and an SVG that references itself without end would hold one of
 * the process's libuv threads (which also serve its files and DNS) for good.
 */

/** Larger than any product photo a shop uploads (Shopify's own limit is 25 megapixels). */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_RASTER_SECONDS = 5;
const MAX_SVG_MS = 5_000;
/** An SVG is drawn once at this size (a certificate's picture at print resolution), and scaled down from there. */
const SVG_SIDE = 1_200;
const CSS_DPI = 72;
/** SVGs drawn lately, by content: a sheet of certificates or a pass's images and scales draw each once. */
const DRAWN_SVGS = new Map<string, Promise<Buffer | null>>();
const MAX_DRAWN_SVGS = 32;

export interface Box {
  width: number;
  height: number;
}

const bounded = { animated: false, limitInputPixels: MAX_INPUT_PIXELS } as const;

// The child's whole program: the SVG on stdin, its PNG on stdout (sharp's path and the density in argv).
const DRAW_SVG = `
const sharp = require(process.argv[1]);
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk)).on("end", () =>
  sharp(Buffer.concat(chunks), { density: Number(process.argv[2]), limitInputPixels: ${MAX_INPUT_PIXELS} })
    .resize({ width: Number(process.argv[3]), height: Number(process.argv[3]), fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer()
    .then((png) => process.stdout.write(png), () => process.exit(1)));
`;

/** The SVG drawn as a PNG whose longer side is SVG_SIDE (from its vectors, not enlarged pixels); null past the bounds. */
function drawSvg(input: Uint8Array, width: number, height: number): Promise<Buffer | null> {
  const side = SVG_SIDE;
  const scale = side / Math.max(width, height);
  const density = Math.min(100_000, Math.max(1, Math.round(CSS_DPI * scale)));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["-e", DRAW_SVG, createRequire(import.meta.url).resolve("sharp"), String(density), String(side)],
      { encoding: "buffer", timeout: MAX_SVG_MS, killSignal: "SIGKILL", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => resolve(error || stdout.length === 0 ? null : stdout),
    );
    child.stdin?.on("error", () => undefined).end(input);
  });
}

function drawnSvg(input: Uint8Array, width: number, height: number): Promise<Buffer | null> {
  const key = createHash("sha256").update(input).digest("base64");
  let drawn = DRAWN_SVGS.get(key);
  if (!drawn) {
    drawn = drawSvg(input, width, height);
    DRAWN_SVGS.set(key, drawn);
    if (DRAWN_SVGS.size > MAX_DRAWN_SVGS) DRAWN_SVGS.delete(DRAWN_SVGS.keys().next().value!);
  }
  return drawn;
}

/** sharp on `input`, one frame, bounded; an SVG first drawn (apart) as a PNG. Throws when it cannot be read. */
export async function picture(input: Uint8Array): Promise<Sharp> {
  // The header only (no pixels decoded yet): a raster picture meets the pixel bound below, an SVG at the size it is drawn.
  const { format, width, height } = await sharp(input, { limitInputPixels: false }).metadata();
  if (format === "svg") {
    if (!width || !height) throw new Error("An SVG without a size");
    const png = await drawnSvg(input, width, height);
    if (!png) throw new Error("An SVG that could not be drawn within its bounds");
    return sharp(png, bounded).timeout({ seconds: MAX_RASTER_SECONDS });
  }
  return sharp(input, bounded).timeout({ seconds: MAX_RASTER_SECONDS });
}

/** The picture fitted inside `box` (aspect kept, never enlarged past its own pixels), as PNG; null when it cannot be read in bounds. */
export async function fittedPng(input: Uint8Array, box: Box): Promise<Buffer | null> {
  try {
    return await (
      await picture(input)
    )
      .resize({ ...box, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
