// npm run db:migrate — applies the committed migrations to DATABASE_URL's database.
// SQLite (a file: URL, or none): `prisma migrate deploy`, creating the file if absent.
// PostgreSQL: prisma/postgresql/migrations through the project's migrator (Prisma's
// migrate commands cannot talk to PostgreSQL through adapter-pg; decision 0022), on
// DIRECT_URL when set: a connection that bypasses the pooler DATABASE_URL goes through
// (decision 0037).
import { spawnSync } from "node:child_process";
import { databaseKind } from "../app/db/database-url";
import { connectPostgres, DatabaseUrlError, unusableDatabaseMessage } from "../app/db/postgres-connect.server";
import { MigrationError, migratePostgres, readMigrations } from "../app/db/postgres-migrator.server";
import { ConfigError, migrationDatabase } from "../app/wiring/config.server";

let target;
try {
  target = migrationDatabase();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let kind;
try {
  kind = databaseKind(target.databaseUrl);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (kind === "sqlite") {
  process.exit(spawnSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "inherit" }).status ?? 1);
}

const { url, variable } = target;
try {
  const client = await connectPostgres(url, variable);
  try {
    const applied = await migratePostgres(client, readMigrations());
    console.log(
      applied.length === 0
        ? "PostgreSQL: no pending migrations."
        : `PostgreSQL: applied ${applied.length} migration(s): ${applied.join(", ")}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
} catch (error) {
  const known = error instanceof DatabaseUrlError || error instanceof MigrationError;
  console.error(known ? (error as Error).message : unusableDatabaseMessage(url, error, variable));
  process.exit(1);
}
