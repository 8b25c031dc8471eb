// The browser part of `npm run bench`: Lighthouse (mobile preset, simulated slow
// 4G and a 4× slower CPU) on the three admin pages a merchant opens most, as the
// demo opens them: the built server in demo mode with the Admin API stub, each
// page at the URL /demo?to=<path> redirects to (the page with a fresh session
// token, as Shopify admin loads it into its iframe). Median of LIGHTHOUSE_RUNS
// runs (3) per page; LIGHTHOUSE_PRESET=desktop for the desktop preset. The
// in-run baseline is the same responses uncompressed: bytes on the wire against
// bytes decoded. Then the shopper's pages on a storefront in front of the same server
// (stubs/storefront: the app proxy, rendered as Shopify renders it): the claim page,
// My cards, the wallet page and a card's verification page, in English and French,
// for accessibility (target ≥ 95, issue 25) as well as performance.
import { loadavg } from "node:os";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { startChrome, type Chrome } from "./chrome";
import { startStorefrontHarness } from "../../stubs/storefront/server";
import { DEMO_SHOP } from "../demo-env";
import { DEMO_API_SECRET, startDemoServer, type DemoServer } from "./demo-server";

const TARGET_SCORE = 80;
const TARGET_ACCESSIBILITY = 95;
const TARGET_LCP_MS = 2500;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("LIGHTHOUSE_RUNS must be a whole number of at least 1");
const PRESET = process.env.LIGHTHOUSE_PRESET ?? "mobile";
if (PRESET !== "mobile" && PRESET !== "desktop") throw new Error("LIGHTHOUSE_PRESET must be mobile or desktop");

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes on the wire, per resource type. */
  js: number;
  css: number;
  total: number;
  /** The same responses decoded. */
  rawTotal: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
}

interface NetworkRequest {
  transferSize?: number;
  resourceSize?: number;
  resourceType?: string;
}

const pages = (server: DemoServer) => [
  { label: "Customers", path: "/app/customers" },
  { label: "Customer page", path: `/app/customers/${server.firstCustomerId}` },
  { label: "Cards", path: "/app/cards" },
];

const storefrontPages = (server: DemoServer) => [
  { label: "Claim page", path: "/apps/twincards/redeem?code=ABCD-EFGH-JKMN" },
  { label: "My cards page", path: "/apps/twincards" },
  { label: "Wallet page", path: "/apps/twincards/wallet" },
  { label: "Verify page", path: server.verifyPath },
];

/** Lighthouse's accessibility score of a page (0–100), with the audits that failed. */
async function accessibility(chrome: Chrome, url: string): Promise<{ score: number; failed: string[] }> {
  const flags: Flags = { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["accessibility"] };
  const lhr = (await lighthouse(url, flags, PRESET === "desktop" ? desktopConfig : undefined))?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr?.runtimeError?.message ?? "no result"}`);
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === "binary")
    .map((audit) => audit.id);
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failed };
}

async function measure(chrome: Chrome, url: string, finalPath = "/app"): Promise<Run> {
  const flags: Flags = { port: chrome.port, logLevel: "error", output: "json", onlyCategories: ["performance"] };
  const result = await lighthouse(url, flags, PRESET === "desktop" ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const finalUrl = lhr.finalDisplayedUrl;
  if (!new URL(finalUrl).pathname.startsWith(finalPath)) throw new Error(`${url} ended on ${finalUrl}, not the page asked for`);
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const sum = (key: "transferSize" | "resourceSize", type?: string) =>
    requests.filter((request) => !type || request.resourceType === type).reduce((total, request) => total + (request[key] ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    js: sum("transferSize", "Script"),
    css: sum("transferSize", "Stylesheet"),
    total: sum("transferSize"),
    rawTotal: sum("resourceSize"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const medianRun = (runs: Run[]): Run =>
  Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key as keyof Run]))])) as unknown as Run;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const verdict = (ok: boolean) => (ok ? "pass" : "short");

function printTable(rows: { label: string; run: Run }[]) {
  const header = [
    "page",
    "perf",
    `(≥ ${TARGET_SCORE})`,
    "LCP",
    `(≤ ${TARGET_LCP_MS / 1000} s)`,
    "TBT",
    "JS",
    "CSS",
    "total",
    "uncompressed",
    "wire/raw",
  ];
  const lines = rows.map(({ label, run }) => [
    label,
    String(run.score),
    verdict(run.score >= TARGET_SCORE),
    `${(run.lcpMs / 1000).toFixed(1)} s`,
    verdict(run.lcpMs <= TARGET_LCP_MS),
    `${Math.round(run.tbtMs)} ms`,
    kb(run.js),
    kb(run.css),
    kb(run.total),
    kb(run.rawTotal),
    `${((run.total / run.rawTotal) * 100).toFixed(0)} %`,
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  for (const line of [header, ...lines])
    console.log(line.map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  "));
}

/** Runs Lighthouse on the admin pages and prints the table; a target missed is reported ("short"), not an error. */
export async function lighthouseBench(): Promise<void> {
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = () => Promise.all(started.splice(0).map((resource) => resource.stop()));
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    const server = await startDemoServer();
    started.push(server);
    const chrome = await startChrome();
    started.push(chrome);
    const rows: { label: string; run: Run }[] = [];
    for (const page of pages(server)) {
      const runs: Run[] = [];
      // A fresh token for each run: the demo's tokens live for a minute.
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome, await server.embeddedUrl(page.path)));
      rows.push({ label: page.label, run: medianRun(runs) });
    }
    const index = median(rows.map(({ run }) => run.benchmarkIndex));
    console.log(
      `Lighthouse ${PRESET} preset, median of ${RUNS} runs per page; machine benchmark index ${Math.round(index)}, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log("Bytes on the wire (JS, CSS, total with HTML, images, data); uncompressed: the same responses decoded");
    printTable(rows);

    // The shopper's pages, as a logged-in customer of the demo shop sees them through the app proxy.
    const storefront = await startStorefrontHarness({
      appUrl: server.url,
      apiSecret: DEMO_API_SECRET,
      shop: DEMO_SHOP,
      customerId: server.firstCustomerId,
    });
    started.push({ stop: storefront.close });
    console.log("");
    console.log(
      `Storefront pages (app proxy), ${PRESET} preset: accessibility (≥ ${TARGET_ACCESSIBILITY}) in English and French, performance median of ${RUNS} runs`,
    );
    const widths = [16, 6, 7, 6, 7, 6, 6];
    console.log(
      ["page", "a11y en", "", "a11y fr", "", "perf", "LCP"]
        .map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join("  "),
    );
    for (const page of storefrontPages(server)) {
      const url = (locale: string) => `${storefront.url}${page.path}${page.path.includes("?") ? "&" : "?"}locale=${locale}`;
      const [english, french] = [await accessibility(chrome, url("en")), await accessibility(chrome, url("fr"))];
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome, url("en"), "/apps/twincards"));
      const run = medianRun(runs);
      const cells = [
        page.label,
        String(english.score),
        verdict(english.score >= TARGET_ACCESSIBILITY),
        String(french.score),
        verdict(french.score >= TARGET_ACCESSIBILITY),
        String(run.score),
        `${(run.lcpMs / 1000).toFixed(1)} s`,
      ];
      console.log(cells.map((cell, i) => (i ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  "));
      const failed = [...new Set([...english.failed, ...french.failed])];
      if (failed.length) console.log(`  failed audits: ${failed.join(", ")}`);
    }
  } finally {
    await stopAll();
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}
