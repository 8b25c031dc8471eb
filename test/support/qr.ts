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

/** A QR code's error correction level as its format information's two bits say it (ISO/IEC 18004, 7.9). */
export type QrErrorCorrection = "L" | "M" | "Q" | "H";
const LEVEL_OF_BITS: QrErrorCorrection[] = ["M", "L", "H", "Q"];

/** The 15-bit masked format information (BCH(15,5), XOR 101010000010010) of 5 data bits. */
function formatCode(data: number): number {
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= 0x537 << (bit - 10);
  return ((data << 10) | remainder) ^ 0x5412;
}

/**
 * The error correction level of the QR code in a PNG, read from the modules themselves: jsQR finds the
 * symbol, then the copy of the format information beside the top-left finder pattern is sampled at the
 * centre of each module and matched (up to 3 wrong bits, as a scanner does) to one of its 32 codewords.
 */
export function qrErrorCorrectionPng(png: Buffer): QrErrorCorrection | null {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) return null;
  const modules = 17 + 4 * code.version;
  const { topLeftCorner: origin, topRightCorner: right, bottomLeftCorner: bottom } = code.location;
  const dark = (x: number, y: number) => {
    const px = Math.round(origin.x + ((x + 0.5) * (right.x - origin.x) + (y + 0.5) * (bottom.x - origin.x)) / modules);
    const py = Math.round(origin.y + ((x + 0.5) * (right.y - origin.y) + (y + 0.5) * (bottom.y - origin.y)) / modules);
    return image.data[(py * image.width + px) * 4]! < 128;
  };
  const positions: [number, number][] = [
    ...[0, 1, 2, 3, 4, 5].map((x): [number, number] => [x, 8]),
    [7, 8],
    [8, 8],
    [8, 7],
    ...[5, 4, 3, 2, 1, 0].map((y): [number, number] => [8, y]),
  ];
  const read = positions.reduce((bits, [x, y]) => (bits << 1) | (dark(x, y) ? 1 : 0), 0);
  const distance = (a: number) => [...(a ^ read).toString(2)].filter((bit) => bit === "1").length;
  const best = Array.from({ length: 32 }, (_, data) => data).sort((a, b) => distance(formatCode(a)) - distance(formatCode(b)))[0]!;
  return distance(formatCode(best)) <= 3 ? LEVEL_OF_BITS[best >> 3]! : null;
}
