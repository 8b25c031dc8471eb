import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { importSPKI, jwtVerify } from "jose";
import { readBody } from "../shared/read-body";

/*
 * A local stand-in for Google Wallet's REST API (decision 0048), for tests and the
 * demo only: `POST /token` answers the OAuth2 JWT bearer grant as Google's token
 * endpoint does (checking the assertion's RS256 signature with the public key
 * given, its audience and scope), and `PATCH /walletobjects/v1/genericObject/<id>`
 * answers 200 for an object marked saved, 404 for one never saved (as Google does),
 * 401 without a token it issued. Every call is recorded. `GOOGLE_OAUTH_TOKEN_URL`
 * and `GOOGLE_WALLET_API_URL` point the app at it; production never sets them.
 */

export interface RecordedObjectPatch {
  objectId: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  status: number;
}

export interface GoogleWalletStub {
  /** The API base (GOOGLE_WALLET_API_URL). */
  url: string;
  /** The token endpoint (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
  /** Each token request: whether its assertion verified, and its claims. */
  tokenRequests: { ok: boolean; claims: Record<string, unknown> | null }[];
  patches: RecordedObjectPatch[];
  /** Marks an object as saved by a shopper: its updates then answer 200 instead of 404. */
  save(objectId: string): void;
  stop(): Promise<void>;
}

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";

/** `publicKeyPem`: the service account's public key (SPKI PEM), to check the token assertions' signatures. */
export async function startGoogleWalletStub(publicKeyPem: string, port = 0): Promise<GoogleWalletStub> {
  const key = await importSPKI(publicKeyPem, "RS256");
  const tokens = new Set<string>();
  const saved = new Set<string>();
  const tokenRequests: GoogleWalletStub["tokenRequests"] = [];
  const patches: RecordedObjectPatch[] = [];
  let base = "";

  const server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", base);
    if (request.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(body);
      try {
        if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") throw new Error("grant_type");
        const { payload } = await jwtVerify(form.get("assertion") ?? "", key, { audience: `${base}/token`, algorithms: ["RS256"] });
        if (payload.scope !== SCOPE || typeof payload.iss !== "string") throw new Error("scope");
        tokenRequests.push({ ok: true, claims: payload as Record<string, unknown> });
        const token = `ya29.stub-${randomUUID()}`;
        tokens.add(token);
        return json(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
      } catch {
        tokenRequests.push({ ok: false, claims: null });
        return json(400, { error: "invalid_grant" });
      }
    }
    const match = /^\/walletobjects\/v1\/genericObject\/([^/]+)$/.exec(url.pathname);
    if (request.method === "PATCH" && match) {
      const objectId = decodeURIComponent(match[1]!);
      const authorization = request.headers.authorization;
      const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
      const status = !token || !tokens.has(token) ? 401 : saved.has(objectId) ? 200 : 404;
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // Recorded as an empty object: the test sees it.
      }
      patches.push({ objectId, authorization, body: parsed, status });
      if (status === 200) return json(200, { ...parsed, id: objectId });
      return json(status, { error: { code: status, message: status === 404 ? "Resource not found" : "Unauthenticated" } });
    }
    return json(404, { error: { code: 404, message: "Not a Google Wallet stand-in path" } });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    tokenUrl: `${base}/token`,
    tokenRequests,
    patches,
    save: (objectId) => void saved.add(objectId),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
