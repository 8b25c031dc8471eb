import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http-app";

// A build with one /v1 route made as v1Route makes them: a loader whose `serve` answers without Remix.
function buildWith(answer: string): ServerBuild {
  const loader = Object.assign(() => new Response("through Remix"), {
    serve: async (_request: unknown, params: Record<string, string>) => ({
      status: 200,
      body: JSON.stringify({ answer, id: params.id }),
      headers: { "Content-Type": "application/json" },
    }),
  });
  return {
    routes: { "routes/v1.things.$id": { id: "routes/v1.things.$id", parentId: "root", path: "v1/things/:id", module: { loader } } },
  } as never;
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(build: ServerBuild | (() => Promise<ServerBuild>)) {
  const app = createHttpApp({ build, assets: (_req, _res, next) => next(), config: { TRUST_PROXY: undefined, NODE_ENV: "test" } });
  server = createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the /v1 router (issue 26: one router in dev and production)", () => {
  it("serves a /v1 route straight from a built module", async () => {
    const base = await serve(buildWith("built"));
    const response = await fetch(`${base}/v1/things/card_1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: "built", id: "card_1" });
  });

  it("serves it the same way from the build Vite hands over in dev, and follows a new build after a change", async () => {
    let current = buildWith("first");
    const base = await serve(async () => current);
    expect(await (await fetch(`${base}/v1/things/a`)).json()).toEqual({ answer: "first", id: "a" });
    current = buildWith("after a change");
    expect(await (await fetch(`${base}/v1/things/b`)).json()).toEqual({ answer: "after a change", id: "b" });
  });
});
