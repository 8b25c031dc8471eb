import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  /** Messages accepted so far (each delivery, duplicates included). */
  delivered(): number;
  /** How many times each Message-ID was delivered. */
  deliveries: Map<string, number>;
  /** Message-IDs delivered more than once. */
  duplicates(): string[];
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Wait this long before the greeting, as a real server does (about 100 ms). */
  greetingMs?: number;
  /** Runs once a message is received, before the server acknowledges it: the sender learns it was sent only afterwards. */
  beforeAck?: (messageId: string, delivery: number) => Promise<void> | void;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps no mail: it counts deliveries by
 * Message-ID (the dispatcher sends `<notification id@domain>`), so a test or the
 * bench can tell how many messages arrived and whether any arrived twice, at
 * thousands of messages without parsing each one.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const deliveries = new Map<string, number>();
  let delivered = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (options.greetingMs) setTimeout(callback, options.greetingMs);
      else callback();
    },
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (!head.includes("\r\n\r\n")) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? "(none)";
        const count = (deliveries.get(messageId) ?? 0) + 1;
        deliveries.set(messageId, count);
        delivered++;
        Promise.resolve(options.beforeAck?.(messageId, count)).then(() => callback(), callback);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    deliveries,
    duplicates: () => [...deliveries].filter(([, count]) => count > 1).map(([id]) => id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
