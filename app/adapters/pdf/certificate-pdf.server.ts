import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import type { CertificateImage, CertificateLayout, IllustratedCertificate } from "~/domain/certificate";
import { printable, wrapLines } from "./printable-text";
import { fittedPng } from "~/adapters/images/rasterise.server";

/*
 * Certificates drawn with pdf-lib and the fonts it ships (Helvetica, WinAnsi):
 * each is laid out in a box the size of an A6 page and scaled to the page, so a
 * single A6, A4 or Letter certificate and a label of a sheet are the same
 * drawing. docs/decisions/0044-printable-certificates.md.
 */

type Box = { x: number; y: number; width: number; height: number };

const SIZES = { a6: PageSizes.A6, a4: PageSizes.A4, letter: PageSizes.Letter } as const;
const [A6_WIDTH, A6_HEIGHT] = PageSizes.A6;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const WARNING = rgb(0.7, 0.1, 0.1);
const RULE = rgb(0.75, 0.75, 0.78);

// The verify page's QR code as the admin's PNG draws it: error correction M, a 4-module quiet zone.
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4, type: "png", width: 600 } as const;

interface QrImage {
  image: PDFImage;
  modules: number;
}

const MM_PER_POINT = 25.4 / 72;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function renderCertificates(certificates: IllustratedCertificate[], layout: CertificateLayout): Promise<Uint8Array> {
  const { default: QRCode } = await import("qrcode");
  const document = await PDFDocument.create();
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  const first = certificates[0]?.certificate;
  // The document's title (a viewer's window, a printer's queue): the heading, and the item's name when there is one item.
  if (first) document.setTitle(certificates.length === 1 ? `${first.words.heading} — ${first.name}` : first.words.heading);
  document.setCreator("Twin Cards");
  document.setProducer("Twin Cards (pdf-lib)");
  if (first) document.setLanguage(first.language);

  const images = new Map<Uint8Array, Promise<PDFImage | null>>();
  const embed = (image: CertificateImage | null) => {
    if (!image) return Promise.resolve(null);
    if (!images.has(image.bytes)) images.set(image.bytes, embedImage(document, image));
    return images.get(image.bytes)!;
  };
  const qrCodes = new Map<string, Promise<QrImage>>();
  const qr = (url: string) => {
    if (!qrCodes.has(url))
      qrCodes.set(
        url,
        QRCode.toBuffer(url, QR_OPTIONS).then(async (png) => ({
          image: await document.embedPng(png),
          // Modules across, the 4-module quiet zone on each side included.
          modules: QRCode.create(url, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel }).modules.size + 2 * QR_OPTIONS.margin,
        })),
      );
    return qrCodes.get(url)!;
  };

  const boxes = layoutBoxes(certificates.length, layout);
  let page: PDFPage | null = null;
  for (const [index, item] of certificates.entries()) {
    const slot = boxes[index]!;
    if (slot.newPage) page = document.addPage(SIZES[layout.size]);
    const [picture, logo, code] = await Promise.all([embed(item.picture), embed(item.logo), qr(item.certificate.verifyUrl)]);
    drawCertificate(page!, slot.box, item, { picture, logo, qr: code }, fonts, layout.kind === "sheet");
  }
  return document.save();
}

/** The largest picture a certificate draws (an A4 page's picture at print resolution), in pixels. */
const PICTURE_PIXELS = { width: 1200, height: 1200 };

/** PNG and JPEG embed as they are; GIF, WebP, AVIF and SVG are drawn as PNG first; a file that cannot be read is left out. */
async function embedImage(document: PDFDocument, image: CertificateImage): Promise<PDFImage | null> {
  try {
    if (image.contentType === "image/png") return await document.embedPng(image.bytes);
    if (image.contentType === "image/jpeg") return await document.embedJpg(image.bytes);
    const png = await fittedPng(image.bytes, PICTURE_PIXELS);
    return png && (await document.embedPng(png));
  } catch {
    // A damaged file: the certificate goes without it.
  }
  return null;
}

/** Where each certificate goes: the whole page, or one of four A6 labels (2 × 2) on a sheet. */
function layoutBoxes(count: number, layout: CertificateLayout): { box: Box; newPage: boolean }[] {
  const [width, height] = SIZES[layout.size];
  if (layout.kind === "pages") return Array.from({ length: count }, () => ({ box: { x: 0, y: 0, width, height }, newPage: true }));
  const cell = { width: width / 2, height: height / 2 };
  return Array.from({ length: count }, (_, index) => {
    const slot = index % 4;
    const column = slot % 2;
    const row = Math.floor(slot / 2);
    return { box: { x: column * cell.width, y: height - (row + 1) * cell.height, ...cell }, newPage: slot === 0 };
  });
}

/** One certificate, top to bottom: logo and shop, heading, name, serial, picture, dates and holder, QR code with the verification text. */
function drawCertificate(
  page: PDFPage,
  outer: Box,
  { certificate }: IllustratedCertificate,
  images: { picture: PDFImage | null; logo: PDFImage | null; qr: QrImage },
  fonts: Fonts,
  cutLines: boolean,
) {
  const scale = Math.min(outer.width / A6_WIDTH, outer.height / A6_HEIGHT);
  const box = { width: A6_WIDTH * scale, height: A6_HEIGHT * scale } as Box;
  box.x = outer.x + (outer.width - box.width) / 2;
  box.y = outer.y + (outer.height - box.height) / 2;
  const margin = 18 * scale;
  const left = box.x + margin;
  const inner = box.width - 2 * margin;
  let top = box.y + box.height - margin;

  if (cutLines) page.drawRectangle({ ...outer, borderColor: RULE, borderWidth: 0.5, borderDashArray: [3, 3] });
  else
    page.drawRectangle({
      x: box.x + margin / 2,
      y: box.y + margin / 2,
      width: box.width - margin,
      height: box.height - margin,
      borderColor: RULE,
      borderWidth: 0.75 * scale,
    });

  const text = (value: string, size: number, font: PDFFont, color = INK, maxLines = 3) => {
    for (const line of wrapLines(font, printable(font, value), size * scale, inner).slice(0, maxLines)) {
      top -= size * scale * 1.2;
      page.drawText(line, { x: left, y: top, size: size * scale, font, color });
    }
  };

  // The shop: its logo (at most 24 pt high, 110 pt wide at A6) and its name beside it.
  const logoHeight = 24 * scale;
  let nameX = left;
  if (images.logo) {
    const fit = images.logo.scaleToFit(110 * scale, logoHeight);
    page.drawImage(images.logo, { x: left, y: top - fit.height, width: fit.width, height: fit.height });
    nameX = left + fit.width + 8 * scale;
  }
  const shopSize = 10 * scale;
  const shopLine = wrapLines(fonts.bold, printable(fonts.bold, certificate.shopName), shopSize, left + inner - nameX)[0] ?? "";
  page.drawText(shopLine, {
    x: nameX,
    y: top - (images.logo ? logoHeight / 2 + shopSize / 3 : shopSize),
    size: shopSize,
    font: fonts.bold,
    color: INK,
  });
  top -= images.logo ? logoHeight : shopSize * 1.2;
  top -= 8 * scale;

  const { words } = certificate;
  if (words.test) text(words.test, 8, fonts.bold, WARNING, 2);
  text(words.heading.toUpperCase(), 7.5, fonts.regular, MUTED, 1);
  text(certificate.name, 14, fonts.bold, INK, 2);
  if (words.serial) {
    top -= 3 * scale;
    text(words.serial, 9, fonts.regular, INK, 1);
  }

  // The QR code and the verification text take the bottom; the picture fills what is left above them.
  const qrSize = 78 * scale;
  const bottom = box.y + margin;
  const detailsHeight = 2 * 8.5 * scale * 1.3;
  const pictureBottom = bottom + qrSize + detailsHeight + 8 * scale;
  const pictureRoom = top - 6 * scale - pictureBottom;
  if (images.picture && pictureRoom > 20 * scale) {
    // Centred in the room it has: a wide picture does not leave a gap under it.
    const fit = images.picture.scaleToFit(inner, pictureRoom);
    const y = pictureBottom + (pictureRoom - fit.height) / 2;
    page.drawImage(images.picture, { x: left + (inner - fit.width) / 2, y, width: fit.width, height: fit.height });
  }

  top = pictureBottom - 4 * scale;
  for (const line of [words.issued, words.holder]) {
    top -= 8.5 * scale * 1.3;
    page.drawText(printable(fonts.regular, line), { x: left, y: top + 4 * scale, size: 8.5 * scale, font: fonts.regular, color: INK });
  }

  page.drawImage(images.qr.image, { x: left - 4 * scale, y: bottom, width: qrSize, height: qrSize });
  const textLeft = left + qrSize + 2 * scale;
  const textWidth = left + inner - textLeft;
  let line = bottom + qrSize - 6 * scale;
  for (const part of wrapLines(fonts.regular, printable(fonts.regular, words.verify), 6.5 * scale, textWidth).slice(0, 6)) {
    page.drawText(part, { x: textLeft, y: line, size: 6.5 * scale, font: fonts.regular, color: INK });
    line -= 6.5 * scale * 1.25;
  }
  line -= 2 * scale;
  for (const part of wrapLines(fonts.regular, certificate.verifyUrl, 5.5 * scale, textWidth, true).slice(0, 4)) {
    page.drawText(part, { x: textLeft, y: line, size: 5.5 * scale, font: fonts.regular, color: MUTED });
    line -= 5.5 * scale * 1.25;
  }
  // A label says how big its code prints, for GS1's 0.396 to 0.990 mm a module at a till (decision 0063).
  if (cutLines) {
    const millimetres = (points: number, digits: number) =>
      new Intl.NumberFormat(certificate.language, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
        points * MM_PER_POINT,
      );
    const statement = words.qrSize
      .replace("{size}", millimetres(qrSize, 1))
      .replace("{module}", millimetres(qrSize / images.qr.modules, 2));
    line -= 1 * scale;
    for (const part of wrapLines(fonts.regular, printable(fonts.regular, statement), 5 * scale, textWidth).slice(0, 3)) {
      page.drawText(part, { x: textLeft, y: line, size: 5 * scale, font: fonts.regular, color: MUTED });
      line -= 5 * scale * 1.25;
    }
  }
}
