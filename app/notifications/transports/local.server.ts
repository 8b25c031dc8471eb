import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { claimSms } from "../templates";
import { emailMessage } from "./smtp.server";
import type { Transport } from "./transport";

/**
 * The embedded default (no SMTP / SMS provider configured): each message is a
 * file in `dir` — `<notification id>.eml` (the raw RFC 5322 message) or
 * `<notification id>.sms.txt`. The provider id is `local:<file name>`.
 */
export function localEmailTransport(options: { dir: string; mailFrom: string }): Transport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "local-email",
    async send(notification) {
      const info = await builder.sendMail(emailMessage(notification, options.mailFrom));
      const file = `${notification.id}.eml`;
      await writeAtomically(options.dir, file, info.message as Buffer);
      return { providerMessageId: `local:${file}` };
    },
  };
}

export function localSmsTransport(options: { dir: string; from: string }): Transport {
  return {
    name: "local-sms",
    async send(notification) {
      const file = `${notification.id}.sms.txt`;
      const body = claimSms(notification);
      await writeAtomically(options.dir, file, `To: ${notification.destination}\nFrom: ${options.from}\n\n${body}\n`);
      return { providerMessageId: `local:${file}` };
    },
  };
}

// Written under a temporary name and renamed, so a reader never sees half a message.
async function writeAtomically(dir: string, file: string, content: string | Buffer) {
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${file}.${process.pid}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, path.join(dir, file));
}
