import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { STATUS_OF } from "~/faces/api/errors";
import type { Exchange, RawResponse } from "./raw-http";
import { describe, isV1Target, type FuzzRequest } from "./request";

/** Texts of Remix, Express, Node or the Shopify library that must never reach a client instead of the app's own words. */
const FRAMEWORK_TEXTS: RegExp[] = [
  /Unexpected Server Error/i,
  /Unhandled Thrown Response/i,
  /Application Error/,
  /Cannot [A-Z-]+ \//,
  /did not provide an? `(action|loader)`/,
  /No route matches URL/,
  /Invalid request method/,
  /You made an? [A-Z-]+ request to/,
  /<pre\b/i,
  /Internal Server Error/i,
  /Detected call to shopify\./,
  /Handling response/,
  /Refusing to redirect/,
];

/** Stack traces, file paths and database internals. */
const LEAKS: RegExp[] = [
  /node_modules/,
  /\bat\s+\S*\s*\(?(?:file:\/\/)?\/[^\s)]*\.(?:[cm]?js|tsx?):\d+/,
  /\n\s+at\s/,
  /\/work\/|\/build\/server\/|\/tmp\/|\/home\/|\/root\//,
  /\.(?:[cm]?js|tsx?):\d+(?::\d+)?\b/,
  /Prisma|SQLITE_|PrismaClient/i,
];

/**
 * Statuses answered before the app when Node's HTTP parser cannot read a
 * request (bad request line or header bytes, headers over 16 KiB, chunk
 * extensions too long, too slow: server/lingering-close.ts) or Node refuses it
 * (an Expect it does not know, another HTTP version). Such answers carry no X-Request-Id.
 */
export const NODE_OWN_STATUSES = [400, 408, 413, 417, 431, 505];

const ERROR_CODES = Object.keys(STATUS_OF);

const header = (response: RawResponse, name: string) => response.headers.find(([key]) => key === name)?.[1];

/** Static files are our own bundles: they may well contain Remix's strings. */
const isStaticFile = (response: RawResponse) => /javascript|text\/css|image\/|font\//.test(header(response, "content-type") ?? "");

const DECODERS: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

/**
 * The body as a client reads it: the server compresses what it sends to a request that
 * accepts gzip or br (the junk headers ask for it at times). Null when it does not decode.
 */
export function bodyText(response: RawResponse): string | null {
  const encoding = header(response, "content-encoding");
  if (!encoding || encoding === "identity" || response.body.length === 0) return response.body.toString("utf8");
  const decode = DECODERS[encoding];
  try {
    return decode ? decode(response.body).toString("utf8") : null;
  } catch {
    return null;
  }
}

/** Why `text` is not the /v1 error envelope, or null when it is. */
export function envelopeProblem(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "not an object";
  const error = (body as { error?: unknown }).error as Record<string, unknown> | undefined;
  if (typeof error !== "object" || error === null) return "no error object";
  if (typeof error.code !== "string" || !ERROR_CODES.includes(error.code)) return `unknown code ${String(error.code)}`;
  if (typeof error.message !== "string" || error.message.length === 0) return "no message";
  if (!Array.isArray(error.details)) return "details is not an array";
  return null;
}

/** What is wrong with the answer to `request`: an empty list when nothing is. */
export function problemsOf(request: FuzzRequest, exchange: Exchange): string[] {
  if ("error" in exchange) return request.mayDrop ? [] : [`no response (${exchange.error})`];
  const response = exchange.response;
  const { status } = response;
  const problems: string[] = [];
  const decoded = bodyText(response);
  if (decoded === null) problems.push(`body not in its Content-Encoding ${header(response, "content-encoding")}`);
  const text = decoded ?? "";
  if (!(status >= 100 && status <= 599)) problems.push("no valid status line");
  if (status >= 500) problems.push("5xx");
  if (!isStaticFile(response)) {
    const framework = FRAMEWORK_TEXTS.find((pattern) => pattern.test(text));
    if (framework) problems.push(`framework text ${framework}`);
    const leak = LEAKS.find((pattern) => pattern.test(text));
    if (leak) problems.push(`leak ${leak}`);
  }
  const reachedApp = header(response, "x-request-id") !== undefined;
  if (!reachedApp && !NODE_OWN_STATUSES.includes(status))
    problems.push("answered without X-Request-Id (not by the app) with an unexpected status");
  if (reachedApp && request.expectStatus && !request.expectStatus.includes(status))
    problems.push(`expected ${request.expectStatus.join(" or ")}`);
  // Single fetch (`.data`) is Remix's own transport: it keeps the status of a route's 405 but not its headers.
  if (reachedApp && status === 405 && !header(response, "allow") && !/\.data(\?|$)/.test(request.target))
    problems.push("405 without Allow");
  if (reachedApp && status >= 400 && request.method !== "HEAD" && isV1Target(request.target)) {
    const problem = envelopeProblem(text);
    if (problem) problems.push(`no /v1 envelope (${problem})`);
  }
  return problems;
}

export interface Finding {
  request: FuzzRequest;
  status: number | null;
  body: string;
  problems: string[];
}

/** A few offenders per kind of problem, each replayable: method, target, status, the start of the body. */
export function findingsReport(findings: Finding[], perKind = 4): string {
  const byKind = new Map<string, Finding[]>();
  for (const finding of findings) {
    for (const problem of finding.problems) {
      const kind = problem.replace(/\s*\(.*$/, "");
      byKind.set(kind, [...(byKind.get(kind) ?? []), finding]);
    }
  }
  const lines = [...byKind].flatMap(([kind, list]) => [
    `${kind}: ${list.length}`,
    ...list
      .slice(0, perKind)
      .map((finding) => `  ${describe(finding.request)} -> ${finding.status ?? "no answer"} ${JSON.stringify(finding.body.slice(0, 200))}`),
  ]);
  return `${findings.length} of the responses break the rules:\n${lines.join("\n")}`;
}

/** A finding as plain data (FUZZ_FINDINGS): the request as sent and the start of the answer. */
export const findingRecord = ({ request, status, problems, body }: Finding) => ({
  request: describe(request),
  headers: request.headers.map(([name, value]) => `${name}: ${String(value).slice(0, 200)}`),
  status,
  problems,
  body: body.slice(0, 2000),
});
