/*
 * The QR code of an item's verification page, for a tag or a box. Error
 * correction M (15 % of the code may be scuffed) keeps the demo shop's URL at
 * version 5, 37 × 37 modules; the 4-module quiet zone scanners need is part of
 * the image. The PNG is 600 px square (about 16 px a module): 2.5 cm at 600 dpi,
 * 5 cm at 300 dpi. The SVG scales to any size.
 */
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;
export const QR_PNG_SIZE = 600;

export const QR_FORMATS = ["png", "svg"] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
export const isQrFormat = (value: string | null): value is QrFormat => QR_FORMATS.includes(value as QrFormat);

/** The QR code of `url` as an image file's bytes and type. */
export async function verifyQr(url: string, format: QrFormat): Promise<{ body: Blob | string; contentType: string }> {
  // Loaded on the first code asked for, not in every process serving the admin.
  const { default: QRCode } = await import("qrcode");
  if (format === "svg") return { body: await QRCode.toString(url, { ...OPTIONS, type: "svg" }), contentType: "image/svg+xml" };
  return {
    body: new Blob([new Uint8Array(await QRCode.toBuffer(url, { ...OPTIONS, type: "png", width: QR_PNG_SIZE }))]),
    contentType: "image/png",
  };
}
