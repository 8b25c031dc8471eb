import { describe, expect, it } from "vitest";
import { behindTransactionPooler, databaseKind, redactDatabaseUrl, withoutPoolerParameter } from "~/db/database-url";
import { unusableDatabaseMessage } from "~/db/postgres-connect.server";

describe("DATABASE_URL", () => {
  it("is SQLite for a file: URL and PostgreSQL for postgresql:// or postgres://", () => {
    expect(databaseKind("file:./prisma/dev.sqlite")).toBe("sqlite");
    expect(databaseKind("postgresql://tc:pw@db:5432/tc")).toBe("postgresql");
    expect(databaseKind("postgres://tc@db/tc?sslmode=require")).toBe("postgresql");
  });

  it("refuses any other scheme, naming both accepted forms without the password", () => {
    expect(() => databaseKind("mysql://root:hunter2@db/tc")).toThrow(
      "DATABASE_URL must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL (postgresql://user:password@host:5432/db), not mysql://root:***@db/tc",
    );
  });

  it("hides the password wherever a URL carries one", () => {
    expect(redactDatabaseUrl("postgresql://tc:s3cr%40t@db.internal:5432/tc")).toBe("postgresql://tc:***@db.internal:5432/tc");
    expect(redactDatabaseUrl("postgresql://db/tc?user=tc&password=s3cret&sslmode=require")).toBe(
      "postgresql://db/tc?user=tc&password=***&sslmode=require",
    );
    expect(redactDatabaseUrl("postgresql://tc@db/tc")).toBe("postgresql://tc@db/tc");
    expect(redactDatabaseUrl("file:./prisma/dev.sqlite")).toBe("file:./prisma/dev.sqlite");
  });

  it("says in one line why a database cannot be used, the URL echoed in the reason redacted too", () => {
    const url = "postgresql://tc:s3cret@127.0.0.1:1/tc";
    const message = unusableDatabaseMessage(url, new Error(`could not connect to ${url}:\n  refused`));
    expect(message).toBe(
      "Cannot use the database at DATABASE_URL=postgresql://tc:***@127.0.0.1:1/tc: could not connect to postgresql://tc:***@127.0.0.1:1/tc: refused",
    );
  });

  it("says it goes through a transaction-mode pooler with ?pgbouncer=true, Prisma's convention, and nothing else", () => {
    expect(behindTransactionPooler("postgresql://tc@pooler:6432/tc?pgbouncer=true")).toBe(true);
    expect(behindTransactionPooler("postgresql://tc@pooler:6543/tc?sslmode=require&pgbouncer=TRUE")).toBe(true);
    expect(behindTransactionPooler("postgresql://tc@db:5432/tc")).toBe(false);
    expect(behindTransactionPooler("postgresql://tc@db:5432/tc?pgbouncer=false")).toBe(false);
    expect(behindTransactionPooler("postgresql://tc@db:5432/tc?notpgbouncer=true")).toBe(false);
  });

  it("hands node-postgres the URL without the pgbouncer parameter, every other parameter kept", () => {
    expect(withoutPoolerParameter("postgresql://tc@pooler:6432/tc?pgbouncer=true")).toBe("postgresql://tc@pooler:6432/tc");
    expect(withoutPoolerParameter("postgresql://tc@pooler/tc?pgbouncer=true&sslmode=require")).toBe(
      "postgresql://tc@pooler/tc?sslmode=require",
    );
    expect(withoutPoolerParameter("postgresql://tc@pooler/tc?sslmode=require&pgbouncer=true")).toBe(
      "postgresql://tc@pooler/tc?sslmode=require",
    );
    expect(withoutPoolerParameter("postgresql://tc@pooler/tc?a=1&pgbouncer=true&b=2")).toBe("postgresql://tc@pooler/tc?a=1&b=2");
    expect(withoutPoolerParameter("postgresql://tc@db/tc?sslmode=require")).toBe("postgresql://tc@db/tc?sslmode=require");
  });
});
