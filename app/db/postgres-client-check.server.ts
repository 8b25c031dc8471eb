import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** What regenerates both clients from prisma/schema.prisma (npm install runs it too). */
export const GENERATE_COMMAND = "npm run db:generate";

/** A schema's models and enums: its text without comments and without its datasource and generator blocks. */
const modelsOf = (schema: string) =>
  schema
    .replace(/(datasource|generator)\s+\w+\s*\{[^}]*\}/g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Refuses a PostgreSQL client generated from other models than the SQLite client: Prisma
 * generates one client per provider, so the PostgreSQL one (node_modules/.prisma/client-postgresql,
 * decision 0022) is a second generation from the same schema, and `prisma generate` alone
 * regenerates only the first. Each generated client keeps a copy of the schema it came from.
 */
export function assertClientsInStep(sqliteSchema: string, postgresSchema: string): void {
  if (modelsOf(sqliteSchema) !== modelsOf(postgresSchema)) {
    throw new Error(`The PostgreSQL Prisma client was generated from another schema than the SQLite one: run \`${GENERATE_COMMAND}\``);
  }
}

/** The schema each generated client was made from, as the client packages ship it. */
export function generatedSchemas(): { sqlite: string; postgresql: string } {
  const require = createRequire(import.meta.url);
  const schemaNextTo = (entry: string) => readFileSync(path.join(path.dirname(require.resolve(entry)), "schema.prisma"), "utf8");
  return { sqlite: schemaNextTo(".prisma/client/default"), postgresql: schemaNextTo(".prisma/client-postgresql") };
}
