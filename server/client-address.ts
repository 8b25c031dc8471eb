import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/** Which hops in front of the app are believed: `proxy-addr`'s trust function. */
export type Trust = (address: string, hop: number) => boolean;

/**
 * Which hops in front of the app are believed about X-Forwarded-For, from
 * TRUST_PROXY: a hop count, or addresses and names (`loopback`, `10.0.0.0/8`,
 * comma-separated). Unset: none, the socket's address is the client's.
 */
export function trustFromSetting(setting: string | undefined): Trust {
  if (!setting) return () => false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(setting.split(",").map((entry) => entry.trim()));
}

/**
 * The address one hop further out than the client's (`req.ip`, the first hop
 * `trust` does not vouch for): for a request that
 * hop signed (Shopify's app proxy), the visitor it forwards. Falls back to the
 * client's address when that hop named no one. Meaningless for unsigned
 * requests, where anyone can write the header; callers check the signature first.
 */
export function forwardedAddressOf(req: IncomingMessage, trust: Trust): string {
  const chain = proxyaddr.all(req);
  const throughClient = proxyaddr.all(req, trust).length;
  return chain[throughClient] ?? proxyaddr(req, trust);
}

/** The client's address, as Express's `req.ip` says it: the first hop `trust` does not vouch for. */
export const clientAddressOf = (req: IncomingMessage, trust: Trust) => proxyaddr(req, trust);
