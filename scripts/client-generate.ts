// npm run client:generate — rewrites client/src/openapi.ts from the OpenAPI document the
// app serves at GET /v1/openapi.json (built in-process: no server or database needed).
// test/integration/client-openapi-types.test.ts fails while the committed file is stale.
import { writeFileSync } from "node:fs";
import { openApiDocument } from "~/faces/api/openapi.server";
import { CLIENT_TYPES_FILE, clientTypesSource } from "./client-types";

// The server URL does not reach the types; any origin will do.
writeFileSync(CLIENT_TYPES_FILE, await clientTypesSource(openApiDocument("http://127.0.0.1:3000")));
console.log(`Wrote ${CLIENT_TYPES_FILE}`);
