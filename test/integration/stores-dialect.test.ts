import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db, dbNull } from "~/db/client.server";
import { DomainError } from "~/domain/errors";
import { newId } from "~/domain/ids";
import { saveMessageTemplate } from "~/domain/message-templates.server";
import { stores } from "~/domain/stores";

// What the stores hand the domain must not depend on the database under them (this file runs on
// SQLite and on PostgreSQL): the same instants, the same NULLs, the same refusals.

const shop = () => `stores-${randomUUID().slice(0, 8)}.myshopify.com`;
const originalTimeZone = process.env.TZ;
afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

const newKey = (s: string) => ({
  id: newId("key"),
  shop: s,
  label: "dialect",
  prefix: "tc_test_abcdef",
  keyHash: randomUUID(),
  livemode: false,
});
const ruleSettings = {
  targetType: "PRODUCT" as const,
  targetId: "gid://shopify/Product/1",
  targetTitle: "Jacket",
  trigger: "PAID" as const,
  issueTwin: true,
  cardPerUnit: false,
  editionSize: null,
};

describe("stores on either database", () => {
  it("give back the instant written, to the millisecond, whatever the process's time zone", async () => {
    const s = shop();
    const key = await stores().apiKeys.create(newKey(s));
    const usedAt = new Date("2026-03-29T01:30:00.007Z"); // the night Europe moves its clocks
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14
    await stores().apiKeys.markUsed(key.id, usedAt);
    process.env.TZ = "America/Los_Angeles";
    expect(
      (await stores().apiKeys.credentialsByHash((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).keyHash))?.lastUsedAt,
    ).toEqual(usedAt);
    expect((await stores().apiKeys.findForShop(s, key.id))?.lastUsedAt).toEqual(usedAt);
    expect((await stores().apiKeys.findForShop(s, key.id))?.livemode).toBe(false);
  });

  it("store a missing JSON value as SQL NULL, never as JSON null, and give it back as null", async () => {
    const s = shop();
    const template = { name: "Jacket pass", images: [], videos: [], metadata: [] };
    const rule = await stores().rules.create({ id: newId("rule"), shop: s, ...ruleSettings, cardTemplate: null });
    const isSqlNull = async () => (await db.issuingRule.count({ where: { id: rule.id, cardTemplate: { equals: dbNull() } } })) === 1;
    expect(rule.cardTemplate).toBeNull();
    expect(await isSqlNull()).toBe(true);

    expect(await stores().rules.replaceSettings(s, rule.id, { ...ruleSettings, cardTemplate: template as never })).toBe(true);
    expect((await stores().rules.findForShop(s, rule.id))?.cardTemplate).toEqual(template);
    expect(await stores().rules.replaceSettings(s, rule.id, { ...ruleSettings, cardTemplate: null })).toBe(true);
    expect((await stores().rules.findForShop(s, rule.id))?.cardTemplate).toBeNull();
    expect(await isSqlNull()).toBe(true);
  });

  it("report a unique violation the same way on both, so the domain can answer a conflict", async () => {
    const s = shop();
    const first = newKey(s);
    await stores().apiKeys.create(first);
    const duplicate = await stores()
      .apiKeys.create({ ...newKey(s), keyHash: first.keyHash })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(duplicate).not.toBeNull();
    expect(stores().isUniqueViolation(duplicate)).toBe(true);
    expect(stores().isUniqueViolation(new Error("something else"))).toBe(false);

    const record = { id: newId("idem"), shop: s, livemode: true, key: "k-1", requestHash: "h" };
    await stores().idempotency.create(record);
    const again = await stores()
      .idempotency.create({ ...record, id: newId("idem") })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(stores().isUniqueViolation(again)).toBe(true);
    // The same key in the other mode is another request.
    await expect(stores().idempotency.create({ ...record, id: newId("idem"), livemode: false })).resolves.toMatchObject({
      livemode: false,
    });
  });

  it("never get a NUL character: the domain refuses it at the field (PostgreSQL's text cannot hold it), and nothing is written", async () => {
    const s = shop();
    const refused = await saveMessageTemplate(s, {
      language: "en",
      subject: "Your card\u0000",
      emailBody: "{{ claim_url }}",
      smsBody: "{{ claim_url }}",
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).details).toContainEqual({ path: "subject", message: "Contains a NUL character (U+0000)" });
    expect(await stores().settings.messageTemplate(s, "en")).toBeNull();
  });

  it("mark a new shop's storefront block seen when its first loads arrive at once, the first time kept", async () => {
    const s = shop();
    const first = new Date("2026-11-25T12:00:00.000Z");
    // Several customers opening My cards together in a shop whose block never loaded: none fails.
    await Promise.all(Array.from({ length: 8 }, () => stores().settings.markStorefrontBlockSeen(s, first)));
    await stores().settings.markStorefrontBlockSeen(s, new Date("2026-11-26T12:00:00.000Z"));
    expect((await stores().settings.setup(s))?.storefrontBlockSeenAt).toEqual(first);
  });

  it("keep a shop's setup choices apart: saving one choice leaves the others as they were", async () => {
    const s = shop();
    expect(await stores().settings.setup(s)).toBeNull();
    await stores().settings.saveSetup(s, { viewTestData: true });
    const at = new Date("2026-11-25T12:00:00.000Z");
    await stores().settings.saveSetup(s, { nftApprovedAt: at });
    await stores().settings.markStorefrontBlockSeen(s, at);
    expect(await stores().settings.setup(s)).toMatchObject({
      viewTestData: true,
      nftApprovedAt: at,
      claimLinkTarget: "THEME",
      verifyPagesIndexed: false,
    });
    expect(await stores().settings.claimLinkColumns(s)).toEqual({ claimLinkTarget: "THEME", accountPageUrl: null });
  });
});
