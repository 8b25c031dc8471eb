import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_URL } from "./app/db/database-url";
import { SqliteAdapterFactory } from "./app/db/sqlite-adapter.server";

// Prisma runs on its JS engine with our better-sqlite3 driver adapter (app/db/sqlite-adapter.server.ts):
// no native engine download is needed (see docs/decisions/0001-stack.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new SqliteAdapterFactory(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL),
});
