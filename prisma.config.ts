import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_URL } from "./app/db/database-url";

// Prisma runs on its JS engine with the better-sqlite3 driver adapter: no native
// engine download is needed (see docs/decisions/0001-stack.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL }),
});
