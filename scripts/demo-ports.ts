import net from "node:net";

/** A port the demo listens on, and the variable that moves it. */
export interface DemoPort {
  port: number;
  variable: string;
  /** What listens there, e.g. "the app". */
  what: string;
}

/** Whether something already listens on `host:port` (a bind that fails with EADDRINUSE). */
function taken(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE"));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/**
 * One line per port of the demo's that is taken, naming the variable that
 * moves it (empty when all are free): a busy port otherwise surfaced as a raw
 * EADDRINUSE stack from whichever server started first.
 */
export async function takenPortLines(host: string, ports: DemoPort[]): Promise<string[]> {
  const lines: string[] = [];
  for (const { port, variable, what } of ports) {
    if (await taken(host, port))
      lines.push(
        `Port ${port} (${what}) is already in use on ${host}: stop what uses it, or set ${variable} to a free port, e.g. ${variable}=${port + 10} npm run demo`,
      );
  }
  return lines;
}
