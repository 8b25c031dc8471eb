import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { fetchFailure } from "~/lib/fetch-failure";

/** A port nothing listens on: one the kernel just handed out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("fetchFailure: what an operator reads in an outbox row's last error", () => {
  it("names the refused connection behind Node's bare 'fetch failed'", async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((thrown: unknown) => thrown);
    expect(fetchFailure(error)).toBe(`fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port})`);
  });

  it("names a server that closed the connection without answering", async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const error = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).catch((thrown: unknown) => thrown);
    await new Promise((resolve) => server.close(resolve));
    expect(fetchFailure(error)).toMatch(/^fetch failed \((UND_ERR_SOCKET: other side closed|ECONNRESET: .+)\)$/);
  });

  it("keeps a timeout's own message, and a non-error's text", () => {
    expect(fetchFailure(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe(
      "The operation was aborted due to timeout",
    );
    expect(fetchFailure("refused")).toBe("refused");
  });
});
