import { BlockList, isIP } from "node:net";

/*
 * Where webhook endpoints may point (server-side request forgery): the checks
 * a URL gets when an endpoint is created, and every address its host resolves
 * to on each delivery (app/adapters/webhooks/http-post.server.ts), so a name
 * that later resolves to a private address is refused too.
 */

const forbidden = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  forbidden.addSubnet(network, prefix, "ipv4");
// BlockList checks IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against the IPv4 rules. NAT64 (64:ff9b::/96) could reach any IPv4 address.
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  forbidden.addSubnet(network, prefix, "ipv6");

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Whether an address is loopback (127/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
  const plain = unmapped(address);
  return isIP(plain) !== 0 && loopback.check(plain, family(plain));
}

/** Whether a delivery may connect to `address`: never private, loopback, link-local or otherwise not public, except loopback when allowed. */
export function isAllowedAddress(address: string, loopbackAllowed: boolean): boolean {
  const plain = unmapped(address);
  if (isIP(plain) === 0) return false;
  if (loopbackAllowed && isLoopbackAddress(plain)) return true;
  return !forbidden.check(plain, family(plain));
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)$/i;

/**
 * Why `url` cannot be a webhook endpoint, or null when it can (before DNS: the
 * names' addresses are checked on each delivery). https only; http only to a
 * loopback address when `loopbackAllowed` (demo and test servers).
 */
export function webhookUrlProblem(url: string, loopbackAllowed: boolean): string | null {
  if (!URL.canParse(url)) return "Must be an absolute https:// URL";
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "Must be an absolute https:// URL";
  if (parsed.username || parsed.password) return "Must not carry a user name or password";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(unmapped(host)) !== 0;
  const loopbackHost = literal ? isLoopbackAddress(host) : /^localhost$/i.test(host);
  if (parsed.protocol === "http:" && !(loopbackAllowed && loopbackHost)) {
    return loopbackAllowed ? "Must be https:// (http:// only to a loopback address)" : "Must be https://";
  }
  if (loopbackAllowed && loopbackHost) return null;
  if (literal ? !isAllowedAddress(host, false) : LOCAL_NAMES.test(host.replace(/\.$/, ""))) {
    return "Must point at a public address, not a private, loopback or link-local one";
  }
  return null;
}
