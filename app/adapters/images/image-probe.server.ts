import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { ImageProbe } from "~/domain/ports";
import { isAllowedAddress } from "~/domain/webhook-url";
import { guardedLookup } from "~/adapters/webhooks/http-post.server";

/** The formats e-mail clients show inline (no SVG: Gmail and Outlook do not), with their first bytes. */
const FORMATS: { type: string; magic: (bytes: Buffer) => boolean }[] = [
  { type: "image/png", magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", magic: (b) => b.subarray(0, 4).toString("latin1") === "GIF8" },
  { type: "image/webp", magic: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];
const HEAD_BYTES = 16;
const TIMEOUT_MS = 5_000;

/**
 * GETs an image URL once, as a webhook is posted (no redirects, no private
 * addresses, bounded in time), and reads only its first bytes: the answer must
 * be 200, say it is a PNG, JPEG, GIF or WebP image, and start like one.
 */
export function imageProbe(loopbackAllowed: () => boolean) {
  return (url: string): Promise<ImageProbe> => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) !== 0 && !isAllowedAddress(host, loopbackAllowed()))
      return Promise.resolve(refused("Must point at a public address, not a private, loopback or link-local one"));
    const client = target.protocol === "https:" ? https : http;
    return new Promise<ImageProbe>((resolve) => {
      const request = client.get(target, {
        lookup: guardedLookup(loopbackAllowed()) as never,
        agent: false,
        headers: { Accept: "image/*" },
      });
      const timer = setTimeout(() => {
        request.destroy();
        resolve(refused(`The address did not answer within ${TIMEOUT_MS / 1000} s`));
      }, TIMEOUT_MS);
      const done = (probe: ImageProbe) => {
        clearTimeout(timer);
        request.destroy();
        resolve(probe);
      };
      request.on("error", (error: NodeJS.ErrnoException) =>
        done(refused(`The address could not be reached (${error.code ?? error.message})`)),
      );
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) return done(refused(`The address answered HTTP ${status}, not an image`));
        const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        const format = FORMATS.find((candidate) => candidate.type === contentType);
        if (!format)
          return done(
            refused(
              contentType.startsWith("image/")
                ? `A ${contentType} image is not shown by e-mail clients: use PNG, JPEG, GIF or WebP`
                : `Not an image: the address answered ${contentType || "without a content type"}`,
            ),
          );
        let head = Buffer.alloc(0);
        const check = () =>
          done(format.magic(head) ? { ok: true, contentType } : refused(`Not an image: the content is not ${contentType}`));
        response.on("data", (chunk: Buffer) => {
          head = Buffer.concat([head, chunk]);
          if (head.length >= HEAD_BYTES) check();
        });
        response.on("end", check);
      });
    });
  };
}

const refused = (reason: string): ImageProbe => ({ ok: false, reason });
