import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { signatureHeader, WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { db } from "~/db/client.server";
import { baseUrl } from "../support/api";
import { packageClient } from "../support/client-package";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { startModule, type AppProcess } from "../support/processes";

const run = promisify(execFile);
const BUILD_TIMEOUT = 180_000;

let directory: string;
let guardLog: string;
/** What `npm pack` said it packed, and the integrator's project the tarball was installed in. */
let packed: { filename: string; files: { path: string }[] };
let tarball: string;
let project: string;
const cleanups: (() => Promise<unknown>)[] = [];

/**
 * npm as an integrator runs it, offline: --offline and a cache of its own, and a
 * preload (test/support/offline-guard.mjs) refusing and recording every connection
 * it or the build it starts would try. The client's build (prepack) finds tsc here.
 */
function npm(args: string[], cwd: string) {
  const env = {
    ...process.env,
    PATH: `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
    NODE_OPTIONS: `--import=${pathToFileURL(path.resolve("test/support/offline-guard.mjs")).href}`,
    OFFLINE_GUARD_LOG: guardLog,
  };
  const flags = ["--offline", "--no-audit", "--no-fund", "--no-update-notifier", "--cache", path.join(directory, "npm-cache")];
  return run("npm", [...args, ...flags], { cwd, env, maxBuffer: 16 * 1024 * 1024 });
}

// What a script in the integrator's project does with the installed package.
const CHECK_SCRIPT = `
import { NotFoundError, TwinCardsClient, verifyWebhookSignature } from "@twin-cards/client";

const client = new TwinCardsClient({ baseUrl: process.env.TC_BASE_URL, apiKey: process.env.TC_KEY });
const names = [];
for await (const card of client.cards.list({ limit: 2 })) names.push(card.name);
const missing = await client.cards.get("card_01J0000000000000000000000Z").catch((error) => error);
const { TC_BODY: body, TC_SIGNATURE: header, TC_SECRET: secret } = process.env;
console.log(JSON.stringify({
  names,
  missing: [missing instanceof NotFoundError, missing.status, missing.code],
  valid: await verifyWebhookSignature(body, header, secret),
  tampered: await verifyWebhookSignature(body.replace("1", "2"), header, secret),
}));
`;

// Its TypeScript: right calls compile against the package's own .d.ts, a wrong one does not.
const TYPED_CONSUMER = `
import { TwinCardsClient, ValidationError, type UnitCard } from "@twin-cards/client";

const client = new TwinCardsClient({ baseUrl: "http://127.0.0.1:3000", apiKey: "tc_x" });
export async function newest(): Promise<UnitCard | undefined> {
  const page = await client.cards.list({ status: "OWNED", limit: 1 });
  return page.data[0];
}
export const fields = (error: unknown) => (error instanceof ValidationError ? error.details.map((detail) => detail.path) : []);
export const wrong = () => client.cards.create({ name: "VIP", media: { imageUrls: "https://example.com/a.png" }, email: "jane@example.com" });
`;

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line =
      diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
  });
}

/** client/README.md's walkthrough, as written there between its markers. */
function readmeWalkthrough(): string {
  const block = /<!-- walkthrough:start -->\n```ts\n([\s\S]*?)```\n<!-- walkthrough:end -->/.exec(readFileSync("client/README.md", "utf8"));
  if (!block) throw new Error("client/README.md has no walkthrough between its markers");
  return block[1]!;
}

/** A TCP port nothing listens on at the moment. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the client package as a tarball", () => {
  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), "twin-cards-client-pack-"));
    guardLog = path.join(directory, "connections.log");
    writeFileSync(guardLog, "");
    // A copy of client/ with nothing around it: the build can only use the package's own files,
    // and the suite's two projects running this at once do not share a dist/.
    const source = path.join(directory, "client");
    for (const entry of ["package.json", "tsconfig.json", "README.md", "src"])
      cpSync(path.join("client", entry), path.join(source, entry), { recursive: true });
    const { stdout } = await npm(["pack", "--json", "--pack-destination", directory], source);
    [packed] = JSON.parse(stdout) as [typeof packed];
    tarball = path.join(directory, packed.filename);

    project = path.join(directory, "integrator");
    mkdirSync(project);
    await npm(["init", "-y"], project);
    await npm(["install", tarball], project);
  }, BUILD_TIMEOUT);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("builds and packs from client/ alone, installs offline in an empty project, and works there with a real key", async () => {
    expect(packed.filename).toBe("twin-cards-client-0.1.0.tgz");
    expect(
      packed.files
        .map((file) => file.path)
        .filter((file) => !/^dist\/[\w-]+\.(js|d\.ts)$/.test(file))
        .sort(),
    ).toEqual(["README.md", "package.json"]);
    expect(packed.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/openapi.d.ts"]),
    );
    expect(JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")).dependencies).toEqual({
      "@twin-cards/client": `file:${path.relative(project, tarball)}`,
    });
    // Zero dependencies: the package is all that was installed.
    expect(readdirSync(path.join(project, "node_modules")).filter((entry) => !entry.startsWith("."))).toEqual(["@twin-cards"]);
    expect(readFileSync(guardLog, "utf8")).toBe("");

    const { key, client } = await packageClient();
    const owner = uniqueOwner();
    for (const n of [1, 2, 3]) await client.cards.create({ ...cardInput(`Packed ${n}`), owner, publicKey: walletKey() });
    const secret = "whsec_packed";
    const body = JSON.stringify({ id: "evt_1", type: "unit_card.created" });
    writeFileSync(path.join(project, "check.mjs"), CHECK_SCRIPT);
    const env = {
      ...process.env,
      TC_BASE_URL: baseUrl,
      TC_KEY: key,
      TC_BODY: body,
      TC_SECRET: secret,
      TC_SIGNATURE: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
    };
    const { stdout } = await run(process.execPath, ["check.mjs"], { cwd: project, env });

    expect(JSON.parse(stdout)).toEqual({
      names: ["Packed 3", "Packed 2", "Packed 1"],
      missing: [true, 404, "NOT_FOUND"],
      valid: true,
      tampered: false,
    });

    writeFileSync(path.join(project, "consumer.mts"), TYPED_CONSUMER);
    const wrongLine = TYPED_CONSUMER.split("\n").findIndex((line) => line.startsWith("export const wrong")) + 1;
    expect(typeErrors(path.join(project, "consumer.mts"))).toEqual([
      expect.stringMatching(new RegExp(`^${wrongLine}: .*not assignable to type 'string\\[\\]'`)),
    ]);
  });

  it("runs client/README.md's walkthrough as written with a test key: creates a card, lists it, verifies the app's delivery for it, sends nothing", async () => {
    // The demo-mode server takes an http:// endpoint on the loopback (the production one wants https).
    const { shop, key, client } = await packageClient({ baseUrl: inject("demoUrl"), mode: "test" });
    const port = await freePort();
    const endpoint = await client.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/`, eventTypes: ["unit_card.created"] });
    // What an integrator gets from tsc (types erased), run by Node from their project: the package resolves to the tarball's.
    const { outputText } = ts.transpileModule(readmeWalkthrough(), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(path.join(project, "walkthrough.mjs"), outputText);
    const env = { TWIN_CARDS_URL: baseUrl, TWIN_CARDS_KEY: key, TWIN_CARDS_WEBHOOK_SECRET: endpoint.secret!, PORT: String(port) };
    const walkthrough: AppProcess = await startModule(path.join(project, "walkthrough.mjs"), env, /waiting for webhooks()/);
    cleanups.push(() => walkthrough.stop());

    const created = /^created (\S+)$/m.exec(walkthrough.stdout())?.[1];
    expect(created, walkthrough.stdout() + walkthrough.stderr()).toMatch(/^card_/);
    expect(walkthrough.stdout()).toContain(`listed ${created} PENDING_REDEMPTION`);

    expect(await new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog }).drainOnce()).toBe(1);
    const {
      data: [event],
    } = await client.events.list({ type: "unit_card.created" });
    expect(event).toMatchObject({ data: { object: { id: created } } });
    await vi.waitFor(() => expect(walkthrough.stdout()).toContain(`received unit_card.created ${event!.id}`));
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { shop } })).toMatchObject({ status: "SUCCEEDED", responseStatus: 200 });
    // Test mode: Jane's e-mail was written, never sent.
    expect(await db.notification.findMany({ where: { shop }, select: { status: true } })).toEqual([{ status: "TEST" }]);
    expect(event).toMatchObject({ livemode: false });

    const body = JSON.stringify({ ...event, id: "evt_forged" });
    const forged = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      body,
      headers: { "Twin-Cards-Signature": signatureHeader("whsec_not-the-secret", body, Math.floor(Date.now() / 1000)) },
    });
    expect(forged.status).toBe(400);
    expect(walkthrough.stdout()).not.toContain("evt_forged");
  });
});
