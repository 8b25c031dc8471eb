import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { DEFAULT_DATABASE_URL } from "./database-url";

declare global {
  var __twinCardsDb: PrismaClient | undefined;
}

function createClient(): PrismaClient {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  // A writer waits up to 5 s for another connection's transaction instead of failing at once.
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url, timeout: 5000 }) });
}

// One client per process; kept on globalThis so Vite's dev reloads don't open more.
export const db: PrismaClient = (globalThis.__twinCardsDb ??= createClient());
export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
