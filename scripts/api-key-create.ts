// npm run -s api-key:create -- --shop <shop domain> [--name <label>] [--mode live|test]
// Prints only the new key on stdout, so a script can capture it; errors go to stderr.
import { parseArgs } from "node:util";
import { DEFAULT_DATABASE_URL } from "~/db/database-url";
import { redactDatabaseUrl } from "~/db/database-url";
import { prismaErrorCode } from "~/db/errors.server";
import { databaseUsableOrExit } from "~/db/postgres-connect.server";
import { createApiKey } from "~/domain/api-keys.server";
import { DomainError } from "~/domain/errors";
import { wireDatabaseStores } from "~/wiring/stores.server";

const usage = "Usage: npm run -s api-key:create -- --shop <shop domain> [--name <label>] [--mode live|test]";
const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;

await databaseUsableOrExit(databaseUrl);
wireDatabaseStores();

try {
  const { values } = parseArgs({ options: { shop: { type: "string" }, name: { type: "string" }, mode: { type: "string" } } });
  if (!values.shop) throw new Error(usage);
  // A test key (tc_test_…) sees only test data: nothing it creates is sent or minted.
  const { key } = await createApiKey({ shop: values.shop, label: values.name, mode: values.mode });
  process.stdout.write(`${key}\n`);
} catch (error) {
  process.stderr.write(`${describe(error)}\n`);
  process.exitCode = 1;
}

function describe(error: unknown): string {
  if (error instanceof DomainError) {
    const lines = error.details.map((detail) => `--${detail.path === "label" ? "name" : detail.path}: ${detail.message}`);
    return [...lines, usage].join("\n");
  }
  if (prismaErrorCode(error) === "P2021") {
    return `The database at ${redactDatabaseUrl(databaseUrl)} has no tables yet: run \`npm run db:migrate\` first.`;
  }
  return (error as Error).message;
}
