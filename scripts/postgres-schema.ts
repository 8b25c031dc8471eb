// The PostgreSQL twin of prisma/schema.prisma. The SQLite schema is the source of
// truth; this derives prisma/postgresql/schema.prisma from it (provider swapped,
// client generated into its own folder) — see docs/decisions/0022-postgresql.md.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SQLITE_SCHEMA = "prisma/schema.prisma";
export const POSTGRES_SCHEMA = "prisma/postgresql/schema.prisma";
/** Where the PostgreSQL client is generated (app/db/client.server.ts imports it as `.prisma/client-postgresql`). */
export const POSTGRES_CLIENT_OUTPUT = "node_modules/.prisma/client-postgresql";

export const DERIVED_HEADER = `// GENERATED from prisma/schema.prisma by scripts/postgres-schema.ts (npm install runs it): do not edit.
// The same models for PostgreSQL; its migrations are in prisma/postgresql/migrations.
`;

/** The PostgreSQL schema text for a SQLite schema text. */
export function postgresSchemaFrom(sqliteSchema: string): string {
  const datasource = /datasource db \{[^}]*\}/;
  const generator = /generator client \{([^}]*)\}/;
  if (!datasource.test(sqliteSchema) || !generator.test(sqliteSchema)) {
    throw new Error(`${SQLITE_SCHEMA} must have a "datasource db" and a "generator client" block`);
  }
  const output = path.relative(path.dirname(POSTGRES_SCHEMA), POSTGRES_CLIENT_OUTPUT);
  return (
    DERIVED_HEADER +
    sqliteSchema
      .replace(
        datasource,
        // Never used to connect: the app and scripts/db-migrate.ts connect with DATABASE_URL through adapter-pg.
        `datasource db {\n  provider = "postgresql"\n  url      = "postgresql://localhost/unused"\n}`,
      )
      .replace(generator, (_block, body: string) => `generator client {${body.trimEnd()}\n  output     = "${output}"\n}`)
  );
}

/** Writes prisma/postgresql/schema.prisma from prisma/schema.prisma; returns its path. */
export function writePostgresSchema(): string {
  writeFileSync(POSTGRES_SCHEMA, postgresSchemaFrom(readFileSync(SQLITE_SCHEMA, "utf8")));
  return POSTGRES_SCHEMA;
}

/** Derives the schema again and generates the PostgreSQL client from it. */
export function generatePostgresClient() {
  execFileSync("node_modules/.bin/prisma", ["generate", "--schema", writePostgresSchema()], { stdio: ["ignore", "ignore", "inherit"] });
}
