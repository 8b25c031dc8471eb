import type { ImageFetchedBytes } from "~/domain/ports";
import { picture } from "~/adapters/images/rasterise.server";

/*
 * The PNG files of a pass (Apple's sizes, at 1x, 2x and 3x where Wallet uses
 * them): icon.png (mandatory: on the lock screen and in notifications), logo.png
 * (top left) and thumbnail.png (the item's picture). Fetched pictures arrive as
 * PNG, JPEG, GIF, WebP, AVIF or SVG and are drawn here within bounds of pixels and
 * time (app/adapters/images/rasterise.server.ts); one that cannot be decoded is
 * left out, never fails the pass.
 */

/** The default icon: a card with a check mark, drawn here so no binary file ships with the code. */
const DEFAULT_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 87 87">
<rect width="87" height="87" rx="18" fill="#1F2937"/>
<rect x="14" y="22" width="59" height="43" rx="7" fill="none" stroke="#FFFFFF" stroke-width="5"/>
<path d="M30 44l9 9 18-18" fill="none" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

type Box = { width: number; height: number };
const SCALES = [1, 2, 3] as const;
const ICON: Box = { width: 29, height: 29 };
const LOGO: Box = { width: 160, height: 50 };
const THUMBNAIL: Box = { width: 90, height: 90 };

const fileName = (base: string, scale: number) => (scale === 1 ? `${base}.png` : `${base}@${scale}x.png`);

const scaled = (box: Box, scale: number): Box => ({ width: box.width * scale, height: box.height * scale });

/** The image fitted inside the box (never enlarged past it, aspect kept), as PNG. */
const fitted = async (input: Buffer, box: Box, scale: number) =>
  (await picture(input))
    .resize({ ...scaled(box, scale), fit: "inside" })
    .png()
    .toBuffer();

/** The image centred on a transparent square the icon's size. */
const squared = async (input: Buffer, box: Box, scale: number) =>
  (await picture(input))
    .resize({ ...scaled(box, scale), fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();

async function files(base: string, input: Buffer, render: typeof fitted, box: Box): Promise<Record<string, Buffer>> {
  const rendered = await Promise.all(SCALES.map(async (scale) => [fileName(base, scale), await render(input, box, scale)] as const));
  return Object.fromEntries(rendered);
}

/** Decodes the picture once (its format is sharp's to read); null when it is not an image sharp can read. */
async function readable(image: ImageFetchedBytes | null): Promise<Buffer | null> {
  if (!image) return null;
  try {
    await (await picture(image.bytes)).metadata();
    return image.bytes;
  } catch {
    return null;
  }
}

/** The pass's PNG files by name: always the icon (the shop's logo on a square, else the default), the logo and thumbnail when readable. */
export async function passImages(logo: ImageFetchedBytes | null, thumbnail: ImageFetchedBytes | null): Promise<Record<string, Buffer>> {
  const [logoBytes, thumbnailBytes] = await Promise.all([readable(logo), readable(thumbnail)]);
  const parts = await Promise.all([
    logoBytes ? files("icon", logoBytes, squared, ICON).catch(() => null) : null,
    logoBytes ? files("logo", logoBytes, fitted, LOGO).catch(() => ({})) : {},
    thumbnailBytes ? files("thumbnail", thumbnailBytes, fitted, THUMBNAIL).catch(() => ({})) : {},
  ]);
  const icon = parts[0] ?? (await files("icon", Buffer.from(DEFAULT_ICON_SVG), squared, ICON));
  return { ...icon, ...parts[1], ...parts[2] };
}
