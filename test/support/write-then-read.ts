import { connect } from "node:net";

/** What a client that writes its whole request before reading got back: the answer, or the socket error that lost it. */
export type WriteThenRead = { status: number; headers: Record<string, string>; text: string } | { error: string };

/**
 * Sends `head` and `body` as given, reading nothing until every byte is
 * written, as many clients do (they read the answer only once their upload is
 * done); then reads until the server closes. A server that stops reading and
 * closes while such a client still writes makes the client's kernel see a
 * reset, and the answer is lost: that comes back as `{ error }`.
 */
export function writeThenRead(url: string, head: string, body: Buffer = Buffer.alloc(0)): Promise<WriteThenRead> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.pause();
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
    socket.on("close", () => resolve(parse(Buffer.concat(chunks), error)));
    socket.write(head);
    socket.end(body, () => socket.resume());
  });
}

function parse(received: Buffer, error: string | undefined): WriteThenRead {
  const text = received.toString("utf8");
  const end = text.indexOf("\r\n\r\n");
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
  if (end < 0 || !status) return { error: error ?? "closed without an answer" };
  const headers = Object.fromEntries(
    text
      .slice(0, end)
      .split("\r\n")
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(":")).trim().toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(status), headers, text: text.slice(end + 4) };
}
