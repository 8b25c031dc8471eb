import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadMigrationDatabase, loadNotifyConfig, loadWebhookConfig } from "~/wiring/config.server";

const valid = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret",
  SHOPIFY_APP_URL: "https://twin-cards.example.com",
  SCOPES: "read_customers",
};

describe("configuration", () => {
  it("applies the embedded defaults when only the Shopify variables are set", () => {
    expect(loadConfig(valid)).toMatchObject({ DATABASE_URL: "file:./prisma/dev.sqlite", PORT: 3000, HOST: "127.0.0.1" });
  });

  it("honours PORT, HOST and DATABASE_URL", () => {
    const config = loadConfig({ ...valid, PORT: "8080", HOST: "0.0.0.0", DATABASE_URL: "file:/var/lib/tc.sqlite" });
    expect(config).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATABASE_URL: "file:/var/lib/tc.sqlite" });
  });

  it("takes a PostgreSQL URL as DATABASE_URL", () => {
    for (const url of ["postgresql://tc:secret@db.internal:5432/tc", "postgres://tc@127.0.0.1/tc?sslmode=require"]) {
      expect(loadConfig({ ...valid, DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("names every missing or bad variable in one message", () => {
    let error: unknown;
    try {
      loadConfig({
        SHOPIFY_API_SECRET: "secret",
        SHOPIFY_APP_URL: "not a url",
        SCOPES: "x",
        PORT: "http",
        DATABASE_URL: "mysql://root:pw@db/tc",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("SHOPIFY_API_KEY is required");
    expect(message).toContain("SHOPIFY_APP_URL must be the app's public URL");
    expect(message).toContain("PORT must be a port number");
    expect(message).toContain("DATABASE_URL must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL");
    expect(message).not.toContain("pw");
    expect(message).not.toContain("SCOPES");
  });

  it("migrates on DIRECT_URL when set (a connection that bypasses the pooler), else on DATABASE_URL", () => {
    const pooled = "postgresql://tc:pw@pooler:6432/tc?pgbouncer=true";
    const direct = "postgresql://tc:pw@db:5432/tc";
    expect(loadMigrationDatabase({ DATABASE_URL: pooled, DIRECT_URL: direct })).toEqual({
      databaseUrl: pooled,
      url: direct,
      variable: "DIRECT_URL",
    });
    expect(loadMigrationDatabase({ DATABASE_URL: pooled, DIRECT_URL: " " })).toEqual({
      databaseUrl: pooled,
      url: pooled,
      variable: "DATABASE_URL",
    });
    expect(loadMigrationDatabase({})).toEqual({
      databaseUrl: "file:./prisma/dev.sqlite",
      url: "file:./prisma/dev.sqlite",
      variable: "DATABASE_URL",
    });
  });

  it("refuses a DIRECT_URL that is no PostgreSQL URL, or one next to a SQLite DATABASE_URL, without showing it", () => {
    expect(() => loadMigrationDatabase({ DATABASE_URL: "postgresql://tc@pooler/tc", DIRECT_URL: "mysql://root:pw@db/tc" })).toThrow(
      /DIRECT_URL must be a PostgreSQL URL \(postgresql:\/\/user:password@host:5432\/db\) that bypasses the pooler$/,
    );
    expect(() => loadMigrationDatabase({ DIRECT_URL: "postgresql://tc:pw@db/tc" })).toThrow(
      /DIRECT_URL is only for a PostgreSQL DATABASE_URL: unset it$/,
    );
  });

  it("sizes the outbox workers by default and takes an operator's concurrency and provider limits", () => {
    const defaults = loadNotifyConfig({});
    expect(defaults.NOTIFY_CONCURRENCY).toBe(16);
    expect([defaults.NOTIFY_BATCH_SIZE, defaults.NOTIFY_EMAIL_PER_SECOND, defaults.NOTIFY_SMS_PER_SECOND]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(loadNotifyConfig({ NOTIFY_CONCURRENCY: "4", NOTIFY_EMAIL_PER_SECOND: "14", NOTIFY_SMS_PER_SECOND: "0.5" })).toMatchObject({
      NOTIFY_CONCURRENCY: 4,
      NOTIFY_EMAIL_PER_SECOND: 14,
      NOTIFY_SMS_PER_SECOND: 0.5,
    });
    expect(loadWebhookConfig({ WEBHOOK_SECRETS_KEY: "k".repeat(32) }).WEBHOOK_CONCURRENCY).toBe(8);
  });

  it("refuses a concurrency or a rate that is not a positive number, naming the variable", () => {
    expect(() => loadNotifyConfig({ NOTIFY_CONCURRENCY: "0", NOTIFY_SMS_PER_SECOND: "fast" })).toThrow(
      /NOTIFY_CONCURRENCY must be at least 1\n {2}NOTIFY_SMS_PER_SECOND must be a number of messages per second/,
    );
    expect(() => loadWebhookConfig({ WEBHOOK_SECRETS_KEY: "k".repeat(32), WEBHOOK_CONCURRENCY: "2.5" })).toThrow(
      /WEBHOOK_CONCURRENCY must be a whole number/,
    );
  });
});
