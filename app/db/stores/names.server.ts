import type { NameKey, NameStore, TwinView } from "~/domain/stores";
import { db, directSql, isUniqueViolation } from "../client.server";
import { searchKey } from "./search-key.server";
import { twinSearchPage } from "./twin-page.server";
import { countsBySlot } from "./time-slots.server";

/** What to load with a twin for its views. */
const TWIN_VIEW_INCLUDE = { name: true, chainMint: true } as const;

/** Universal names (the UniversalName table) and digital twins (DigitalTwin): every query of them. */
export const nameStore: NameStore = {
  nameTaken: async (name, livemode) => (await db.universalName.findUnique({ where: { name_livemode: { name, livemode } } })) !== null,

  async register({ id, name, publicKey, owner, registeredByShop, livemode }) {
    try {
      return await db.universalName.create({ data: { id, name, publicKey, owner, registeredByShop, livemode } });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  },

  // A plain SELECT on the driver: every validate-name /v1 request makes it (decision 0028).
  async keyOfName(name, livemode): Promise<NameKey | null> {
    const rows = await directSql.query<{ id: string; name: string; publicKey: string }>(
      'SELECT "id", "name", "publicKey" FROM "UniversalName" WHERE "name" = $1 AND "livemode" = $2',
      [name, livemode],
    );
    return rows[0] ?? null;
  },

  findById: (id, livemode) => db.universalName.findUnique({ where: { id, livemode } }),
  liveNamesOfOwner: (owner) => db.universalName.findMany({ where: { owner, livemode: true }, orderBy: { name: "asc" } }),
  firstLiveNameOfOwner: (owner) => db.universalName.findFirst({ where: { owner, livemode: true }, orderBy: { createdAt: "asc" } }),
  allNamesOfOwner: (owner) => db.universalName.findMany({ where: { owner }, orderBy: { id: "asc" } }),
  firstNameOfOwnerKey: (owner, publicKey) => db.universalName.findFirst({ where: { owner, publicKey }, orderBy: { name: "asc" } }),
  ownersOfNames: (nameIds) => db.universalName.findMany({ where: { id: { in: nameIds } }, select: { id: true, owner: true } }),
  forgetOwner: async (shop, owner) =>
    (await db.universalName.updateMany({ where: { owner, registeredByShop: shop }, data: { owner: null } })).count,
  deleteUnusedRegisteredBy: async (shop) =>
    (await db.universalName.deleteMany({ where: { registeredByShop: shop, twins: { none: {} } } })).count,
  forgetOwnersRegisteredBy: async (shop) =>
    (await db.universalName.updateMany({ where: { registeredByShop: shop }, data: { owner: null } })).count,

  createTwin: (twin) => db.digitalTwin.create({ data: { ...twin, titleKey: searchKey(twin.title) }, include: { name: true } }),
  twinView: (shop, id, livemode) => db.digitalTwin.findFirst({ where: { shop, id, livemode }, include: TWIN_VIEW_INCLUDE }),

  twinPage: (shop, { livemode, nameIds, nameId, publicKey }, { beforeId, take }): Promise<TwinView[]> =>
    db.digitalTwin.findMany({
      where: {
        shop,
        livemode,
        AND: [...(nameIds ? [{ nameId: { in: nameIds } }] : []), ...(nameId !== undefined ? [{ nameId }] : [])],
        ...(publicKey !== undefined ? { publicKey } : {}),
        ...(beforeId ? { id: { lt: beforeId } } : {}),
      },
      orderBy: { id: "desc" },
      take,
      include: TWIN_VIEW_INCLUDE,
    }),

  twinSearchPage,

  twinViewsByIds: (shop, ids) => db.digitalTwin.findMany({ where: { shop, id: { in: ids } }, include: TWIN_VIEW_INCLUDE }),
  twinViewsOfOwner: (shop, owner) =>
    db.digitalTwin.findMany({ where: { shop, name: { owner } }, orderBy: { id: "asc" }, include: TWIN_VIEW_INCLUDE }),
  twinByVerifyToken: (shop, token) => db.digitalTwin.findFirst({ where: { shop, verifyToken: token }, include: TWIN_VIEW_INCLUDE }),
  twinSerials: (ids) =>
    db.digitalTwin.findMany({
      where: { id: { in: ids }, serialNumber: { not: null } },
      select: { id: true, serialNumber: true, editionSize: true },
    }),
  countTwins: (shop, livemode) => db.digitalTwin.count({ where: { shop, livemode } }),
  twinsBySlot: (shop, livemode, since, slotSeconds) =>
    countsBySlot(
      {
        from: '"DigitalTwin" t',
        slotColumn: 't."createdAt"',
        where: 't."shop" = $1 AND t."livemode" = $2 AND t."createdAt" >= $3',
        counts: { issued: "COUNT(*)" },
      },
      shop,
      livemode,
      since,
      slotSeconds,
    ),
  deleteTwinsForShop: async (shop) => (await db.digitalTwin.deleteMany({ where: { shop } })).count,
};
