import net from "node:net";

/**
 * A TCP proxy in front of a PostgreSQL server that can end one connection the
 * way a server shutting down does, at a chosen point of the protocol: right
 * behind a ReadyForQuery, in the same write, it sends an ErrorResponse FATAL
 * 57P01 ("terminating connection due to administrator command") and closes.
 * What a restart does to a busy connection by chance, this does on demand.
 */
export interface PgFaultProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** The next ReadyForQuery the server sends on any connection is followed by FATAL 57P01 and the connection's end. */
  terminateAfterNextReadyForQuery(): Promise<void>;
  close(): Promise<void>;
}

const READY_FOR_QUERY = 0x5a; // 'Z'

/** An ErrorResponse message: severity FATAL, SQLSTATE 57P01, PostgreSQL's own words. */
function adminShutdownError(): Buffer {
  const fields = [
    ["S", "FATAL"],
    ["V", "FATAL"],
    ["C", "57P01"],
    ["M", "terminating connection due to administrator command"],
  ].map(([type, value]) => Buffer.concat([Buffer.from(type!), Buffer.from(`${value}\0`)]));
  const body = Buffer.concat([...fields, Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** Splits the server's stream into whole messages (type byte, int32 length including itself, body), across chunks. */
class MessageSplitter {
  private pending = Buffer.alloc(0);

  /** The bytes of `chunk` cut after each complete message, with each message's type. */
  push(chunk: Buffer): { bytes: Buffer; type: number }[] {
    this.pending = Buffer.concat([this.pending, chunk]);
    const messages: { bytes: Buffer; type: number }[] = [];
    // (An SSLRequest's one-byte answer would not fit this framing; the app asks for no SSL on loopback.)
    while (this.pending.length >= 5) {
      const length = this.pending.readInt32BE(1);
      if (this.pending.length < 1 + length) break;
      messages.push({ bytes: this.pending.subarray(0, 1 + length), type: this.pending[0]! });
      this.pending = this.pending.subarray(1 + length);
    }
    return messages;
  }
}

export async function startPgFaultProxy(target: { host: string; port: number }): Promise<PgFaultProxy> {
  let armed: (() => void) | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const splitter = new MessageSplitter();
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk: Buffer) => {
      const messages = splitter.push(chunk);
      const out: Buffer[] = [];
      for (const message of messages) {
        out.push(message.bytes);
        if (message.type === READY_FOR_QUERY && armed) {
          const done = armed;
          armed = undefined;
          // One write: the client reads ReadyForQuery and the FATAL error in the same chunk.
          client.end(Buffer.concat([...out, adminShutdownError()]));
          upstream.destroy();
          done();
          return;
        }
      }
      if (out.length > 0) client.write(Buffer.concat(out));
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    terminateAfterNextReadyForQuery: () => new Promise<void>((resolve) => (armed = resolve)),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
