import type { SettingsStore } from "~/domain/stores";
import { db, directSql } from "../client.server";
import { isUniqueViolation } from "../errors.server";

/** The shop's admin choices (ShopSetup), profile (ShopProfile) and message wording (MessageTemplate). */
export const settingsStore: SettingsStore = {
  setup: (shop) => db.shopSetup.findUnique({ where: { shop } }),
  saveSetup: (shop, choices) => db.shopSetup.upsert({ where: { shop }, create: { shop, ...choices }, update: choices }),

  // A plain SELECT on the driver: every claim message and claim link reads it (decision 0028).
  async claimLinkColumns(shop) {
    const rows = await directSql.query<{ claimLinkTarget: string; accountPageUrl: string | null }>(
      'SELECT "claimLinkTarget", "accountPageUrl" FROM "ShopSetup" WHERE "shop" = $1',
      [shop],
    );
    return rows[0] ?? null;
  },

  // The first time only: set where still unset, or a new row; a shop that saved any setting already has its row.
  // Not an upsert: on PostgreSQL two first loads at once both miss the row, and the second insert fails;
  // it then finds the row the first made (no transaction, which that failure would abort).
  async markStorefrontBlockSeen(shop, at) {
    const markUnset = () => db.shopSetup.updateMany({ where: { shop, storefrontBlockSeenAt: null }, data: { storefrontBlockSeenAt: at } });
    if ((await markUnset()).count > 0) return;
    if (await db.shopSetup.findUnique({ where: { shop }, select: { shop: true } })) return;
    try {
      await db.shopSetup.create({ data: { shop, storefrontBlockSeenAt: at } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await markUnset();
    }
  },

  profile: (shop) => db.shopProfile.findUnique({ where: { shop } }),
  async saveShopFacts(shop, facts) {
    await db.shopProfile.upsert({ where: { shop }, create: { shop, ...facts }, update: facts });
  },
  async saveCustomLogo(shop, url, factsWhenNew) {
    await db.shopProfile.upsert({ where: { shop }, create: { shop, ...factsWhenNew, customLogoUrl: url }, update: { customLogoUrl: url } });
  },

  messageTemplate: (shop, language) => db.messageTemplate.findUnique({ where: { shop_language: { shop, language } } }),
  async saveMessageTemplate({ shop, language, subject, emailBody, smsBody }) {
    await db.messageTemplate.upsert({
      where: { shop_language: { shop, language } },
      create: { shop, language, subject, emailBody, smsBody },
      update: { subject, emailBody, smsBody },
    });
  },
  async deleteMessageTemplate(shop, language) {
    await db.messageTemplate.deleteMany({ where: { shop, language } });
  },
  async deleteForShop(shop) {
    const profiles = await db.shopProfile.deleteMany({ where: { shop } });
    const setups = await db.shopSetup.deleteMany({ where: { shop } });
    const templates = await db.messageTemplate.deleteMany({ where: { shop } });
    return profiles.count + setups.count + templates.count;
  },
};
