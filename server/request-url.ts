import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Trust } from "./client-address";

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * The request's URL as Remix's Express adapter builds it: Express's
 * `req.protocol` and `req.hostname` (X-Forwarded-Proto and -Host believed only
 * from a trusted hop), the port from X-Forwarded-Host or Host, and the target
 * as received. Throws ERR_INVALID_URL on a junk Host.
 */
export function requestUrl(req: IncomingMessage, trust: Trust): URL {
  const trusted = trust(req.socket.remoteAddress ?? "", 0);
  const socketProtocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const protocol = trusted ? (header(req, "x-forwarded-proto") ?? socketProtocol).split(",")[0]!.trim() : socketProtocol;
  const forwardedHost = trusted ? header(req, "x-forwarded-host") : undefined;
  const host = forwardedHost ? forwardedHost.split(",")[0]!.trimEnd() : header(req, "host");
  const offset = host?.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host?.indexOf(":", offset) ?? -1;
  const hostname = host && colon !== -1 ? host.slice(0, colon) : host;
  // The adapter reads the port from X-Forwarded-Host even when it is not believed, as it always has.
  const [, forwardedPort] = header(req, "x-forwarded-host")?.split(":") ?? [];
  const [, hostPort] = header(req, "host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger) ?? "";
  return new URL(`${protocol}://${hostname}${port ? `:${port}` : ""}${req.url}`);
}
