// npm run db:postgres-migration [-- <name>] — after a change to prisma/schema.prisma
// (and its SQLite migration), writes the matching PostgreSQL migration:
// prisma/postgresql/migrations/<name>/migration.sql, the SQL from the datamodel the
// committed PostgreSQL migrations produce (migrations/datamodel.prisma) to the one
// derived from prisma/schema.prisma now, and updates that datamodel. <name> defaults
// to the newest SQLite migration's folder name; the PostgreSQL client is generated
// again. Offline: no database is needed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { POSTGRES_MIGRATIONS_DIR } from "../app/db/postgres-migrator.server";
import { DERIVED_HEADER, generatePostgresClient, writePostgresSchema } from "./postgres-schema";

export const POSTGRES_DATAMODEL = path.join(POSTGRES_MIGRATIONS_DIR, "datamodel.prisma");
const EMPTY = "-- This is an empty migration.";

const schema = writePostgresSchema();
const from = existsSync(POSTGRES_DATAMODEL) ? ["--from-schema-datamodel", POSTGRES_DATAMODEL] : ["--from-empty"];
const sql = execFileSync("node_modules/.bin/prisma", ["migrate", "diff", ...from, "--to-schema-datamodel", schema, "--script"], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (sql.trim() === EMPTY || sql.trim() === "") {
  console.log("The PostgreSQL migrations already match prisma/schema.prisma: nothing to write.");
  process.exit(0);
}

const newestSqlite = readdirSync("prisma/migrations", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .at(-1);
const name = process.argv[2] ?? newestSqlite;
if (!name || !/^\w+$/.test(name)) throw new Error("Give the migration a name: npm run db:postgres-migration -- <timestamp>_<what>");
const folder = path.join(POSTGRES_MIGRATIONS_DIR, name);
if (existsSync(folder)) {
  console.error(`${folder} exists already: pass a new name, e.g. npm run db:postgres-migration -- ${name}_postgresql`);
  process.exit(1);
}
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, "migration.sql"), sql);
const header = "// The datamodel the migrations in this folder produce, written by `npm run db:postgres-migration`.\n";
writeFileSync(POSTGRES_DATAMODEL, header + readFileSync(schema, "utf8").replace(DERIVED_HEADER, ""));
generatePostgresClient();
console.log(`Wrote ${folder}/migration.sql and updated ${POSTGRES_DATAMODEL}: review and commit both.`);
