import { createRequire } from "node:module";
import path from "node:path";
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// pdf.js reads the metrics of the 14 standard fonts from its own files.
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** A page of a PDF as a reader sees it: its size in points, its text, and its images. */
export interface ReadPage {
  width: number;
  height: number;
  text: string;
  images: { width: number; height: number; qr: string | null }[];
}

/**
 * A PDF parsed back by two readers that did not write it: pdf.js (Mozilla's
 * viewer) for the pages' size and text, and pdf-lib's parser for the image
 * XObjects, whose pixels are inflated here and given to jsQR as a scanner would.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPage[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const parsed = await PDFDocument.load(bytes);
  const pages: ReadPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    pages.push({ width, height, text, images: imagesOf(parsed, number - 1) });
  }
  await document.destroy();
  return pages;
}

function imagesOf(document: PDFDocument, index: number): ReadPage["images"] {
  const resources = document.getPage(index).node.Resources();
  const objects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!objects) return [];
  return objects.keys().flatMap((key) => {
    const stream = objects.lookup(key);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) return [];
    const width = (stream.dict.lookup(PDFName.of("Width")) as PDFNumber).asNumber();
    const height = (stream.dict.lookup(PDFName.of("Height")) as PDFNumber).asNumber();
    return [{ width, height, qr: qrOf(stream, width, height) }];
  });
}

/** The QR code in an 8-bit DeviceRGB or DeviceGray Flate image, or null (a JPEG or a picture with no code). */
function qrOf(stream: PDFRawStream, width: number, height: number): string | null {
  if (stream.dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) return null;
  const colorSpace = stream.dict.get(PDFName.of("ColorSpace"));
  const channels = colorSpace === PDFName.of("DeviceRGB") ? 3 : colorSpace === PDFName.of("DeviceGray") ? 1 : 0;
  if (!channels) return null;
  const raw = inflateSync(stream.contents);
  if (raw.length < width * height * channels) return null;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) pixels[i * 4 + c] = raw[i * channels + (channels === 3 ? c : 0)]!;
    pixels[i * 4 + 3] = 255;
  }
  return jsQR(pixels, width, height)?.data ?? null;
}

/** Whether the body starts as a PDF file does. */
export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
