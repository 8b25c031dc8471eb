import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { ImageFetched, ImageProbe } from "~/domain/ports";
import { isAllowedAddress } from "~/domain/webhook-url";
import { guardedLookup } from "~/adapters/webhooks/http-post.server";

type Format = { type: string; magic: (bytes: Buffer) => boolean };

/** The raster formats e-mail clients show, with their first bytes. */
const EMAIL_FORMATS: Format[] = [
  { type: "image/png", magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", magic: (b) => b.subarray(0, 4).toString("latin1") === "GIF8" },
  { type: "image/webp", magic: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

/** An ISO-BMFF file whose `ftyp` box names AVIF (major or compatible brand). */
const isAvif = (b: Buffer) => {
  if (b.subarray(4, 8).toString("latin1") !== "ftyp") return false;
  const boxEnd = Math.min(b.readUInt32BE(0), b.length);
  for (let at = 8; at + 4 <= boxEnd; at += 4) if (["avif", "avis"].includes(b.subarray(at, at + 4).toString("latin1"))) return true;
  return false;
};

/** XML whose first element is `<svg` (after an optional declaration, comments and doctype). */
const isSvg = (b: Buffer) =>
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.subarray(0, 2048).toString("utf8"));

/**
 * What a document can carry once the app has rasterised it (certificates, Wallet passes): the e-mail
 * formats, AVIF and SVG (many logos and illustrations are SVG).
 */
const DOCUMENT_FORMATS: Format[] = [...EMAIL_FORMATS, { type: "image/avif", magic: isAvif }, { type: "image/svg+xml", magic: isSvg }];
const HEAD_BYTES = 16;
const TIMEOUT_MS = 5_000;

/**
 * GETs an image URL once, as a webhook is posted (no redirects, no private
 * addresses, bounded in time and size): the answer must be 200, say it is an
 * image of one of `formats`, and start like one. Reads its first bytes
 * ("head") or all of it up to `maxBytes`; more is refused, never truncated.
 */
function guardedImageGet(url: string, loopbackAllowed: boolean, maxBytes: number | "head", formats: Format[]): Promise<ImageFetched> {
  const headOnly = maxBytes === "head";
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (target.protocol !== "https:" && target.protocol !== "http:") return Promise.resolve(refused("Must be an http or https address"));
  if (isIP(host) !== 0 && !isAllowedAddress(host, loopbackAllowed))
    return Promise.resolve(refused("Must point at a public address, not a private, loopback or link-local one"));
  const client = target.protocol === "https:" ? https : http;
  return new Promise<ImageFetched>((resolve) => {
    const request = client.get(target, { lookup: guardedLookup(loopbackAllowed) as never, agent: false, headers: { Accept: "image/*" } });
    const timer = setTimeout(() => done(refused(`The address did not answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    function done(result: ImageFetched) {
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    }
    request.on("error", (error: NodeJS.ErrnoException) =>
      done(refused(`The address could not be reached (${error.code ?? error.message})`)),
    );
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) return done(refused(`The address answered HTTP ${status}, not an image`));
      const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      const format = formats.find((candidate) => candidate.type === contentType);
      if (!format) {
        const reason = contentType.startsWith("image/")
          ? headOnly
            ? `A ${contentType} image is not shown by e-mail clients: use PNG, JPEG, GIF or WebP`
            : `A ${contentType} image cannot be used: use PNG, JPEG, GIF, WebP, AVIF or SVG`
          : `Not an image: the address answered ${contentType || "without a content type"}`;
        return done(refused(reason));
      }
      const chunks: Buffer[] = [];
      let length = 0;
      const finish = () => {
        const bytes = Buffer.concat(chunks, length);
        done(format.magic(bytes) ? { ok: true, contentType, bytes } : refused(`Not an image: the content is not ${contentType}`));
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (headOnly && length >= HEAD_BYTES) finish();
        else if (!headOnly && length > maxBytes) done(refused(`The image is larger than ${Math.round(maxBytes / 1024)} KiB`));
      });
      response.on("end", finish);
    });
  });
}

const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** Reads the first bytes only: whether the URL is an image e-mail clients show (the message logo). */
export const imageProbe =
  (loopbackAllowed: () => boolean) =>
  async (url: string): Promise<ImageProbe> => {
    const got = await guardedImageGet(url, loopbackAllowed(), "head", EMAIL_FORMATS);
    return got.ok ? { ok: true, contentType: got.contentType } : got;
  };

/** The whole image, up to `maxBytes`: to embed in a document (a certificate, a Wallet pass), rasterised there if need be. */
export const imageFetch =
  (loopbackAllowed: () => boolean) =>
  (url: string, maxBytes: number): Promise<ImageFetched> =>
    guardedImageGet(url, loopbackAllowed(), maxBytes, DOCUMENT_FORMATS);
