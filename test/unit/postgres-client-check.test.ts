import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { assertClientsInStep, generatedSchemas } from "~/db/postgres-client-check.server";
import { postgresSchemaFrom } from "../../scripts/postgres-schema";

const schema = readFileSync("prisma/schema.prisma", "utf8");

describe("the PostgreSQL client's generation", () => {
  it("accepts the PostgreSQL schema derived from the SQLite one", () => {
    expect(() => assertClientsInStep(schema, postgresSchemaFrom(schema))).not.toThrow();
  });

  it("refuses a PostgreSQL client generated before a field was added, and says how to regenerate", () => {
    const stale = postgresSchemaFrom(schema);
    const changed = schema.replace("model UnitCard {", "model UnitCard {\n  giftMessage String?");

    expect(() => assertClientsInStep(changed, stale)).toThrow("run `npm run db:generate`");
  });

  it("finds both generated clients in step in this checkout (npm install generated them together)", () => {
    const { sqlite, postgresql } = generatedSchemas();

    expect(() => assertClientsInStep(sqlite, postgresql)).not.toThrow();
    expect(postgresql).toContain('provider = "postgresql"');
  });
});
