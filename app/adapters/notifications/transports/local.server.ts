import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { notifyConfig } from "~/wiring/config.server";
import type { LocalMessageCopies } from "~/domain/ports";
import { emailMessage } from "./email-message";
import type { Transport } from "./transport";

/*
 * The embedded default (no SMTP / SMS provider configured): each message is a
 * file in `dir` — `<notification id>.eml` (the raw RFC 5322 message) or
 * `<notification id>.sms.txt`. The provider id is `local:<file name>`.
 */

const LOCAL_PREFIX = "local:";
/** The only file names this transport writes; anything else (`../`, `/`) is never read. */
const LOCAL_FILE_NAME = /^[A-Za-z0-9_]+\.(eml|sms\.txt)$/;
/** A local copy is a short message; a bigger file is not one this transport wrote. */
const MAX_LOCAL_COPY_BYTES = 256 * 1024;

/** Where messages go when no provider is configured (MESSAGES_DIR, relative to the working directory). */
export const messagesDir = () => path.resolve(notifyConfig().MESSAGES_DIR);

export function localEmailTransport(options: { dir: string; mailFrom: string }): Transport {
  // Loaded on the first message: the web server imports this module for the local copies' folder.
  let builder: Promise<Transporter> | undefined;
  return {
    name: "local-email",
    async send(notification) {
      builder ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
      );
      const info = await (await builder).sendMail(emailMessage(notification, options.mailFrom));
      return writeCopy(options.dir, `${notification.id}.eml`, info.message as Buffer);
    },
  };
}

export function localSmsTransport(options: { dir: string; from: string }): Transport {
  return {
    name: "local-sms",
    async send(notification) {
      const body = notification.message.sms;
      return writeCopy(options.dir, `${notification.id}.sms.txt`, `To: ${notification.destination}\nFrom: ${options.from}\n\n${body}\n`);
    },
  };
}

// Written under a temporary name and renamed, so a reader never sees half a message.
async function writeCopy(dir: string, file: string, content: string | Buffer) {
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${file}.${process.pid}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, path.join(dir, file));
  return { providerMessageId: `${LOCAL_PREFIX}${file}` };
}

/** The file a provider message id names, when it is one of this transport's copies. */
function copyFileName(providerMessageId: string | null): string | null {
  if (!providerMessageId?.startsWith(LOCAL_PREFIX)) return null;
  const name = providerMessageId.slice(LOCAL_PREFIX.length);
  return LOCAL_FILE_NAME.test(name) ? name : null;
}

/** The domain's port onto the copies this transport wrote under `dir()`. */
export function localMessageCopies(dir: () => string): LocalMessageCopies {
  return {
    isLocalCopy: (providerMessageId) => copyFileName(providerMessageId) !== null,
    async read(providerMessageId) {
      const fileName = copyFileName(providerMessageId);
      if (!fileName) return null;
      let buffer: Buffer;
      try {
        buffer = await readFile(path.join(dir(), fileName));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
      return buffer.length > MAX_LOCAL_COPY_BYTES ? null : buffer.toString("utf8");
    },
  };
}

const isMissingFile = (error: unknown) =>
  error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR");
