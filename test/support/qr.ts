import jsQR from "jsqr";
import { PNG } from "pngjs";

/** The text of the QR code in a PNG, read with jsQR as a phone's scanner would; null when none is found. */
export function readQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * The text of the QR code in an SVG as the qrcode package draws it (one <path> of
 * dark runs: `M x y` starts a row, `m dx dy` moves, `h n` draws n modules), drawn
 * again as pixels (8 per module) and read with jsQR.
 */
export function readQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path[^>]*stroke="[^"]*"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) return null;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([MmHhVv])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?/g)) {
    const first = Number(a);
    if (command === "M") [x, y] = [first, Number(b)];
    else if (command === "m") [x, y] = [x + first, y + Number(b)];
    else if (command === "h") {
      for (let i = 0; i < first; i++) dark[Math.floor(y)]![x + i] = true;
      x += first;
    }
  }
  const scale = 8;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const value = dark[Math.floor(py / scale)]![Math.floor(px / scale)] ? 0 : 255;
      pixels.set([value, value, value, 255], (py * width + px) * 4);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
