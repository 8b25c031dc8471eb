import type { z } from "zod";
import { toUnitCard, type CardWithRedemption } from "./card-view";
import { enqueueMints } from "./chain-mints.server";
import { recordEvents } from "./events.server";
import { meterIssued } from "./billing.server";
import { generateCode, hashCode, normalizeCode } from "./codes.server";
import { conflict, notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { newVerifyToken } from "./verify-token.server";
import { maskEmail, maskPhone } from "./masking";
import { enqueueClaimNotifications } from "./notifications.server";
import { afterCursor, pageQuery, toPage } from "./pagination";
import {
  closedEdition,
  createBatchInput,
  createCardInput,
  listCardsQuery,
  NO_SERIAL,
  parseInput,
  type CardData,
  type Recipient,
  type RedemptionTarget,
  type Serial,
  type UnitCard,
} from "./schemas";
import { stores, type RedemptionRecord, type UnitCardRecord } from "./stores";

export const DEFAULT_CODE_LIFETIME_DAYS = 90;

/** One card for a recipient: by redemption (phone/email) or by owner. */
export type CreateCardCommand = z.output<typeof createCardInput>;
/** Cards sharing one recipient: one redemption code for all, or one owner. */
export type CreateCardsCommand = z.output<typeof createBatchInput>;

/**
 * Creates one card for its recipient (POST /v1/unit-cards, the customer page): in no edition, so unnumbered.
 * `livemode` false (a test key): a test card, whose messages are written but not sent and which is never minted.
 */
export async function createCardFor(
  shop: string,
  { card, recipient }: CreateCardCommand,
  livemode = true,
  /** The Shopify customer a claim code goes to, when the caller knows one (Flow's "Issue a card to customer"). */
  customerId?: string,
): Promise<UnitCard> {
  const [created] = await createCards(shop, [card], recipient, "", [NO_SERIAL], livemode, true, customerId);
  return created!;
}

/**
 * Creates a batch for one recipient: every card or none (POST /v1/unit-cards/_actions/batch, Create cards).
 * The batch is one closed edition, numbered 1 to N in input order, unless `serials` (one per card) says
 * where each card stands in another edition (an issuing rule's). Live cards count toward the shop's plan
 * (decision 0050) unless `metered` is false: the order worker counts an order's items once, for all of them.
 */
export function createCardsFor(
  shop: string,
  { cards, recipient }: CreateCardsCommand,
  serials: Serial[] = closedEdition(cards.length),
  livemode = true,
  metered = true,
): Promise<UnitCard[]> {
  if (serials.length !== cards.length) throw new Error(`${cards.length} cards need ${cards.length} serial numbers, not ${serials.length}`);
  return createCards(shop, cards, recipient, "redemption.", serials, livemode, metered);
}

/** Edge wrapper for callers that still hold an unparsed /v1 body (the admin forms): parse, then createCardFor. */
export const createCard = (shop: string, input: unknown) => createCardFor(shop, parseInput(createCardInput, input));

/** Edge wrapper for callers that still hold an unparsed /v1 body (the admin forms): parse, then createCardsFor. */
export const createCardBatch = (shop: string, input: unknown) => createCardsFor(shop, parseInput(createBatchInput, input));

type CardSerial = Serial | typeof NO_SERIAL;

async function createCards(
  shop: string,
  cards: CardData[],
  recipient: Recipient,
  codePath: string,
  serials: CardSerial[],
  livemode: boolean,
  metered: boolean,
  customerId?: string,
) {
  const now = new Date();
  try {
    return await stores().transaction(async () => {
      // First: past the plan's cap nothing is written (a batch is refused whole). Test cards never count.
      if (livemode && metered) await meterIssued(shop, cards.length, now);
      const redemption =
        recipient.kind === "redemption"
          ? await createRedemption(shop, { ...recipient.redemption, customerId }, cards, now, codePath, livemode)
          : undefined;
      const rows = cards.map((card, index): UnitCardRecord => ({
        id: newId("card"),
        shop,
        name: card.name,
        media: card.media,
        metadata: card.metadata,
        owner: recipient.kind === "owner" ? recipient.owner : null,
        publicKey: recipient.kind === "owner" ? recipient.publicKey : null,
        status: recipient.kind === "owner" ? "OWNED" : "PENDING_REDEMPTION",
        redemptionId: redemption?.row.id ?? null,
        verifyToken: newVerifyToken(),
        voidedAt: null,
        voidReason: null,
        createdAt: now,
        serialNumber: serials[index]!.serialNumber,
        editionSize: serials[index]!.editionSize,
        livemode,
      }));
      await stores().cards.insertCards(rows);
      // Cards by owner are minted now; cards by redemption when redeemed, to the redeemer's key; test cards never.
      const mints =
        recipient.kind === "owner" && livemode
          ? await enqueueMints(
              shop,
              rows.map((row) => ({ cardId: row.id, recipient: recipient.publicKey })),
            )
          : [];
      const mintOf = new Map(mints.map((mint) => [mint.cardId, mint]));
      const stored = rows.map(
        (row) => ({ ...row, redemption: redemption?.row ?? null, chainMint: mintOf.get(row.id) }) as CardWithRedemption,
      );
      const views = stored.map((card) => toUnitCard(card));
      // The events carry no code: it is shown once, in this response.
      await recordEvents(
        shop,
        "unit_card.created",
        views.map((view) => ({ objectType: "unit_card", object: view })),
        { livemode },
      );
      return redemption ? views.map((view) => ({ ...view, redemption: { ...view.redemption!, code: redemption.code } })) : views;
    });
  } catch (error) {
    // Another request stored the same custom code between our check and our insert.
    if (stores().isUniqueViolation(error)) throw codeInUse(codePath);
    throw error;
  }
}

const codeInUse = (codePath: string) =>
  conflict("This redemption code is already in use in this shop", [{ path: `${codePath}code`, message: "Already in use" }]);

/**
 * A new redemption code for `cards` and its claim messages, in the caller's transaction (a card's
 * creation, or a gift: decision 0043, whose giver's words ride along as `giftMessage`).
 */
export async function createRedemption(
  shop: string,
  target: RedemptionTarget & { giftMessage?: string; gift?: { giverName: string | null }; customerId?: string },
  cards: CardData[],
  now: Date,
  codePath: string,
  livemode: boolean,
) {
  const code = target.code?.trim() ?? (await unusedGeneratedCode(shop, livemode));
  const codeHash = hashCode(shop, normalizeCode(code), livemode);
  if (target.code !== undefined && (await stores().cards.codeTaken(shop, codeHash))) throw codeInUse(codePath);
  const expiresAt = target.expiresAt ?? new Date(now.getTime() + DEFAULT_CODE_LIFETIME_DAYS * 86_400_000);
  const row: RedemptionRecord = {
    id: newId("red"),
    shop,
    codeHash,
    phoneMasked: target.phone ? maskPhone(target.phone) : null,
    emailMasked: target.email ? maskEmail(target.email) : null,
    expiresAt,
    createdAt: now,
    redeemedAt: null,
    redeemedBy: null,
    redeemedPublicKey: null,
    customerId: target.customerId ?? null,
    livemode,
  };
  await stores().cards.insertRedemption(row);
  await enqueueClaimNotifications({
    shop,
    redemptionId: row.id,
    phone: target.phone,
    email: target.email,
    locale: target.locale,
    firstName: target.firstName,
    giftMessage: target.giftMessage,
    gift: target.gift,
    code,
    expiresAt,
    cards,
    livemode,
  });
  return { row, code };
}

// Five collisions in a row of 60 random bits means the generator is broken, not unlucky.
const CODE_TRIES = 5;

/** 60 random bits rarely collide, but a collision must not hand out someone else's code. */
async function unusedGeneratedCode(shop: string, livemode: boolean): Promise<string> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
    const code = generateCode();
    if (!(await stores().cards.codeTaken(shop, hashCode(shop, normalizeCode(code), livemode)))) return code;
  }
  throw new Error(`${CODE_TRIES} generated redemption codes in a row were already in use`);
}

/** One of the shop's cards in one mode: a card of the other mode is not found, as another shop's would be. */
export async function getCard(shop: string, id: string, livemode = true): Promise<UnitCard> {
  // Not an id of ours (a mistyped or hostile path): nothing to look up, and PostgreSQL refuses some such strings outright.
  if (!isIdOf("card", id)) throw notFound("Unit card");
  const row = await stores().cards.findForShop(shop, id, livemode);
  if (!row) throw notFound("Unit card");
  return toUnitCard(row);
}

/** Newest first. `nextCursor` is null on the last page. */
export async function listCards(shop: string, query: unknown, livemode = true): Promise<{ cards: UnitCard[]; nextCursor: string | null }> {
  const { owner, status, cursor, limit } = parseInput(listCardsQuery, query);
  // pageQuery's page (newest first, one more row than asked), as one statement.
  const rows = await stores().cards.page(
    { shop, livemode, owner, status, beforeId: afterCursor(cursor, "card").id?.lt },
    pageQuery(limit).take,
  );
  const { page, nextCursor } = toPage(rows, limit);
  return { cards: page.map((row) => toUnitCard(row)), nextCursor };
}
