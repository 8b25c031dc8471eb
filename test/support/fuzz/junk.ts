import type { Random } from "./random";

/** The methods the app serves somewhere. */
export const COMMON_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * Methods no route serves: TRACE and CONNECT (which fetch's Request refuses and
 * Node hands to a 'connect' listener), WebDAV's and other registered ones
 * (Node's parser knows them), and tokens Node's parser rejects itself (FOO,
 * lower case), which never reach the app.
 */
export const JUNK_METHODS = [
  "TRACE",
  "TRACE",
  "TRACE",
  "CONNECT",
  "CONNECT",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "SEARCH",
  "PURGE",
  "REPORT",
  "MKACTIVITY",
  "CHECKOUT",
  "MERGE",
  "M-SEARCH",
  "NOTIFY",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "LINK",
  "UNLINK",
  "QUERY",
  "ACL",
  "BIND",
  "REBIND",
  "UNBIND",
  "MKCALENDAR",
  "SOURCE",
  "FOO",
  "BREW",
  "get",
  "Post",
  "GETT",
] as const;

/** Path segments that break decoding, escape a directory, or are just long or odd. */
export const JUNK_SEGMENTS = [
  "%ZZ",
  "%",
  "%2",
  "%00",
  "%C0%AF",
  "%FF%FE",
  "%uD800",
  "%ED%A0%80",
  "%E9",
  "..",
  "...",
  "%2e%2e",
  "%2E%2E%2F%2E%2E",
  ".%2e",
  "%2f",
  "%5c",
  "%0d%0aSet-Cookie:%20x=1",
  "<script>alert(1)</script>",
  "'",
  "%22",
  "`",
  "{{7*7}}",
  "$(id)",
  ";",
  "%3B",
  "nft_01HZZZZZZZZZZZZZZZZZZZZZZZ.json",
  "card_0000",
  "null",
  "undefined",
  "-1",
  "0",
  "1e309",
  "%F0%9F%92%A9",
  "é",
  "\u{1F4A9}",
  "a".repeat(300),
  "b".repeat(3000),
  "%25ZZ",
  "~",
  "*",
  "$",
  "_actions",
  "index",
  "_data",
  "__manifest",
  ".data",
] as const;

/** Query strings that break decoding or carry parameters the app reads. */
export const JUNK_QUERIES = [
  "?%ZZ",
  "?a=%",
  "?a=%ZZ&a=1",
  "?_data=routes/nope",
  "?_data=",
  "?_data=root",
  "?_data=routes%2Fapp",
  "?index",
  "?index&_data=root",
  "?cursor=%ZZ",
  "?cursor=" + "A".repeat(500),
  "?limit=-1",
  "?limit=1e9",
  "?limit=abc",
  "?limit=",
  "?status=OWNED&status=FAILED",
  "?status=<b>",
  "?owner=shopify%7C1",
  "?owner=" + "%00".repeat(20),
  "?name=",
  "?name=%00",
  "?name=" + "n".repeat(5000),
  "?shop=%ZZ",
  "?shop=evil.com",
  "?shop=a.myshopify.com&shop=b.myshopify.com",
  "?host=%ZZ",
  "?embedded=1&shop=x&host=y&id_token=z",
  "?id_token=a.b.c",
  "?to=https://evil.com",
  "?to=//evil.com",
  "?to=/app%0d%0aX:1",
  "?code=%ZZ",
  "?code=" + "C".repeat(2000),
  "?" + "x=1&".repeat(2000),
  "?__proto__[polluted]=1",
  "?constructor[prototype][x]=1",
  "?\u00e9=\u00e9",
  "?p=%ZZ&version=x",
] as const;

/** String values for JSON fields: wrong types, edge sizes, control characters, lone surrogates. */
export function junkValue(random: Random): unknown {
  return random.pick<() => unknown>([
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => 1e308,
    () => -0,
    () => 2 ** 53 + 1,
    () => "",
    () => " ",
    () => "x".repeat(random.pick([256, 1001, 10_000, 100_000])),
    () => "\u0000",
    () => "a\u0000b",
    () => "\ud800",
    () => "\udfff\ud800",
    () => "\u202e\u200b",
    () => "<img src=x onerror=alert(1)>",
    () => "'; DROP TABLE UnitCard; --",
    () => "../../../../etc/passwd",
    () => "%ZZ",
    () => "javascript:alert(1)",
    () => "https://" + "a".repeat(3000) + ".com",
    () => [],
    () => [null],
    () => {},
    () => ({ __proto__: { polluted: true } }),
    () => JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => Array.from({ length: 1000 }, (_, i) => i),
    () => "2026-13-45T99:99:99Z",
    () => "shopify|" + "9".repeat(40),
    () => "11111111111111111111111111111111",
    () => "\u{1F4A9}".repeat(100),
  ])();
}

/** A JSON text nested `depth` levels deep. */
export function deepJson(random: Random, depth: number): string {
  return random.chance(0.5) ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** Bodies that are not valid UTF-8 JSON, or not JSON at all. */
export function junkBody(random: Random): Buffer {
  return random.pick<() => Buffer>([
    () => Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    () => Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","media":{"imageUrls":[]}}')]),
    () => Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    () => Buffer.from('{"name":"\\ud800","media":{"imageUrls":[]},"email":"a@example.com"}'),
    () => Buffer.from('{"name":"a\u0000b"}'),
    () => Buffer.from("\u0000".repeat(64)),
    () => Buffer.from('{"name":"a","name":"b"}'),
    () => Buffer.from("{"),
    () => Buffer.from("null"),
    () => Buffer.from("[]"),
    () => Buffer.from('"just a string"'),
    () => Buffer.from("1e999999"),
    () => Buffer.from(""),
    () => Buffer.from("   \n\t "),
    () => Buffer.from("code=ABCD-EFGH-JKMN&publicKey=x"),
    () => Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'),
    () => Buffer.from(deepJson(random, random.pick([33, 1000, 100_000]))),
    () => random.bytes(random.between(1, 2048)),
    () => Buffer.from(JSON.stringify({ cards: Array.from({ length: 501 }, () => ({ name: "x", media: { imageUrls: [] } })) })),
    () => Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])))),
  ])();
}

/** A body of `bytes` bytes that is valid JSON, to cross the 1 MiB limit. */
// `{"name":""}` is 11 bytes: the result is exactly `bytes` long.
export const largeJson = (bytes: number) => Buffer.from(JSON.stringify({ name: "x".repeat(Math.max(0, bytes - 11)) }));

/** User agents: a browser (most), bots and odd ones (the admin answers bots 410). */
export const BROWSER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
export const USER_AGENTS = [
  BROWSER_AGENT,
  BROWSER_AGENT,
  BROWSER_AGENT,
  BROWSER_AGENT,
  "curl/8.5.0",
  "Googlebot/2.1 (+http://www.google.com/bot.html)",
  "",
  "x".repeat(5000),
  "Mozilla/5.0 \u00e9\u00e8",
] as const;

/** Extra headers that are hostile but well-formed (Node's parser lets them through). */
export function junkHeaders(random: Random): [string, string][] {
  return random.pick<() => [string, string][]>([
    () => [],
    () => [["X-Request-Id", random.pick(["ok-id", "../../x", "x".repeat(200), "<script>", ""])]],
    () => [["X-Forwarded-For", random.pick(["unknown", "1.1.1.1, 2.2.2.2, 3.3.3.3", "::1", "999.999.999.999", "x".repeat(1000), ""])]],
    () => [["Accept", random.pick(["*/*", "application/json", "text/html", "x/y;q=abc", "\u00e9"])]],
    () => [["Cookie", "a=" + "c".repeat(random.pick([10, 4000]))]],
    () => [["Content-Encoding", random.pick(["gzip", "br", "deflate", "junk"])]],
    () => [["Origin", random.pick(["https://evil.com", "null", "https://admin.shopify.com"])]],
    () => [["Expect", "100-continue"]],
    () => [["Expect", "junk"]],
    () => [["Range", "bytes=0-1,5-"]],
    () => [["If-None-Match", "*"]],
    () => [["X-Forwarded-Host", random.pick(["evil.com", "evil.com:99999", "%ZZ", ""])]],
    () => [["X-Forwarded-Proto", random.pick(["https", "javascript", ""])]],
    () => [
      ["Connection", "Upgrade"],
      ["Upgrade", "websocket"],
      ["Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="],
      ["Sec-WebSocket-Version", "13"],
    ],
    () => [
      ["Upgrade", "h2c"],
      ["Connection", "Upgrade, HTTP2-Settings"],
      ["HTTP2-Settings", "AAMAAABkAAQAAP__"],
    ],
    () => Array.from({ length: random.pick([50, 500]) }, (_, i): [string, string] => [`X-Junk-${i}`, "v"]),
    () => [
      ["X-Same", "1"],
      ["X-Same", "2"],
      ["x-same", "3"],
    ],
    () => [
      ["Content-Type", "application/json"],
      ["Content-Type", "text/plain"],
    ],
    () => [["Accept-Encoding", "gzip, br, zstd, junk;q=x"]],
  ])();
}

/** Authorization values for /v1: a real key (when given), junk and near misses. */
export function authorization(random: Random, validKey: string | null, revokedKey: string): string | null {
  return random.weighted<() => string | null>([
    [5, () => (validKey ? `Bearer ${validKey}` : null)],
    [1, () => null],
    [1, () => `Bearer ${revokedKey}`],
    [1, () => "Bearer"],
    [1, () => "Bearer "],
    [1, () => `bearer ${validKey ?? "tc_x"}`],
    [1, () => `Bearer ${validKey ?? "tc_x"} extra`],
    [1, () => "Basic dXNlcjpwYXNz"],
    [1, () => "Bearer tc_" + "A".repeat(random.pick([10, 43, 90, 5000]))],
    [1, () => "Bearer %ZZ"],
    [1, () => "Bearer \u00e9\u00e9"],
  ])();
}

/** Idempotency-Key values: valid, empty, too long, odd characters. */
export function idempotencyKey(random: Random): string | null {
  return random.weighted<() => string | null>([
    [4, () => null],
    [2, () => `key-${random.int(1_000_000)}`],
    [1, () => "fixed-key"],
    [1, () => ""],
    [1, () => " "],
    [1, () => "k".repeat(256)],
    [1, () => "k".repeat(255)],
    [1, () => "k".repeat(10_000)],
    [1, () => "\u00e9\u00e8\u00ea"],
    [1, () => "../../x"],
  ])();
}
