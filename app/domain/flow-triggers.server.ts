import { newId } from "./ids";
import { shopifyCustomerIdOf } from "./owners";
import type { DigitalTwin, EventType, UnitCard } from "./schemas";
import { stores } from "./stores";

/*
 * Shopify Flow triggers (issue 27 item 1, decision 0049). Each live event Flow has a
 * trigger for is queued with the event, in its transaction (the FlowTrigger outbox);
 * the sender (app/adapters/shopify/flow-trigger-sender.server.ts) completes the
 * payload after the commit, with the order and the customer Flow references, and sends
 * it with the Admin API's flowTriggerReceive. Test data never reaches Flow.
 */

/** The trigger extension (extensions/flow-<handle>) of each event type Flow hears of. */
export const FLOW_TRIGGER_HANDLES = {
  "unit_card.redeemed": "card-claimed",
  "digital_twin.issued": "twin-issued",
  "unit_card.voided": "card-voided",
  "unit_card.transferred": "card-given",
} as const satisfies Partial<Record<EventType, string>>;

export type FlowTriggerHandle = (typeof FLOW_TRIGGER_HANDLES)[keyof typeof FLOW_TRIGGER_HANDLES];

const handleOf = (type: EventType): FlowTriggerHandle | undefined => FLOW_TRIGGER_HANDLES[type as keyof typeof FLOW_TRIGGER_HANDLES];

/** What an event says of its item, kept in the outbox row until it is sent. */
export type FlowFacts =
  | {
      kind: "card";
      id: string;
      name: string;
      serial: string;
      verifyUrl: string;
      /** The card's owner then (`<provider>|<id>`), null for a card still waiting. */
      owner: string | null;
      voidReason: string | null;
    }
  | { kind: "twin"; id: string; name: string; nameId: string; universalName: string; verifyUrl: string };

/** `3/100` in a closed edition, `3` in an open one, empty outside an edition. */
const serialText = (card: UnitCard) =>
  card.serialNumber === null ? "" : card.editionSize === null ? String(card.serialNumber) : `${card.serialNumber}/${card.editionSize}`;

function factsOf(object: unknown): FlowFacts {
  if ((object as { id: string }).id.startsWith("twin_")) {
    const twin = object as DigitalTwin;
    return { kind: "twin", id: twin.id, name: twin.title, nameId: twin.name_id, universalName: twin.uns_name, verifyUrl: twin.verifyUrl };
  }
  const card = object as UnitCard;
  return {
    kind: "card",
    id: card.id,
    name: card.name,
    serial: serialText(card),
    verifyUrl: card.verifyUrl,
    owner: card.owner,
    voidReason: card.voidReason,
  };
}

/** Queues a Flow trigger per event of a type Flow hears of, in the caller's transaction (recordEvents). */
export async function queueFlowTriggers(shop: string, type: EventType, events: { id: string; data: { object: unknown } }[]) {
  const handle = handleOf(type);
  if (!handle) return;
  await stores().flowTriggers.queue(
    events.map((event) => ({ id: newId("ftr"), shop, eventId: event.id, handle, payload: factsOf(event.data.object) })),
  );
}

/** What Flow is sent: the trigger's fields by key (extensions/flow-<handle>/shopify.extension.toml). */
export type FlowPayload = Record<string, string | number>;

/**
 * The payload of a queued trigger, with the Shopify customer it concerns (`customer_id`) and
 * the order that issued the item (`order_id`, when one did); or why it is not sent: Flow's
 * references need a Shopify customer, and an item claimed by another kind of owner has none.
 */
export async function flowTriggerPayload(
  shop: string,
  handle: string,
  facts: FlowFacts,
): Promise<{ payload: FlowPayload } | { skip: string }> {
  const { customerId, orderId, giver } = await referencesOf(shop, handle, facts);
  if (!customerId) return { skip: "No Shopify customer to tell Flow of (the item's holder is not a Shopify customer)" };
  const references: FlowPayload = { customer_id: Number(customerId), ...(orderId ? { order_id: Number(orderId) } : {}) };
  if (facts.kind === "twin")
    return {
      payload: {
        ...references,
        "Twin title": facts.name,
        "Twin ID": facts.id,
        "Universal name": facts.universalName,
        "Verify URL": facts.verifyUrl,
      },
    };
  const card = { "Card name": facts.name, "Card ID": facts.id, "Serial number": facts.serial };
  if (handle === "card-voided") return { payload: { ...references, ...card, "Void reason": facts.voidReason ?? "" } };
  if (handle === "card-given")
    return { payload: { ...references, ...card, "Verify URL": facts.verifyUrl, "Giver customer ID": giver ?? "" } };
  return { payload: { ...references, ...card, "Verify URL": facts.verifyUrl } };
}

/** The customer, the order and (for a gift) the giver a trigger references, read when it is sent. */
async function referencesOf(shop: string, handle: string, facts: FlowFacts) {
  if (facts.kind === "twin") {
    const [name] = await stores().names.ownersOfNames([facts.nameId]);
    const order = await stores().orders.orderOf(shop, { twinId: facts.id });
    return { customerId: shopifyCustomerIdOf(name?.owner) ?? order?.customerId ?? null, orderId: order?.orderId ?? null, giver: null };
  }
  const card = await stores().cards.findForShop(shop, facts.id, true);
  if (handle === "card-given") {
    // The gift just claimed: its giver, and the code the card had before (the order's, when an order issued it).
    const gift = (await stores().gifts.ofCards([facts.id])).filter((transfer) => transfer.status === "CLAIMED").at(-1);
    const order = gift?.previousRedemptionId ? await stores().orders.orderOf(shop, { redemptionId: gift.previousRedemptionId }) : null;
    return {
      customerId: shopifyCustomerIdOf(facts.owner),
      orderId: order?.orderId ?? null,
      giver: shopifyCustomerIdOf(gift?.fromOwner) ?? null,
    };
  }
  const order = card?.redemptionId ? await stores().orders.orderOf(shop, { redemptionId: card.redemptionId }) : null;
  // A voided card never had an owner: the customer is the order's, or the one Flow's action sent its code to.
  const customerId =
    handle === "card-voided" ? (order?.customerId ?? card?.redemption?.customerId ?? null) : shopifyCustomerIdOf(facts.owner);
  return { customerId, orderId: order?.orderId ?? null, giver: null };
}
