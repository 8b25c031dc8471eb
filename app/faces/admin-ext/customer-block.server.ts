import type { CustomerHoldings } from "~/domain/customer-holdings.server";
import type { UnitCard } from "~/domain/schemas";
import { appLink, countByStatus, newest } from "./admin-ext-shapes.server";

/** How many the block lists: the rest is on the customer's page in the app. */
const LATEST = 5;

/** One line of the block's latest items: a card or a twin, its serial and status, and its page in the app. */
export interface LatestItem {
  kind: "card" | "twin";
  id: string;
  title: string;
  serialNumber: number | null;
  editionSize: number | null;
  /** A card's status; a twin's chain status, NONE when it is not minted. */
  status: string;
  createdAt: string;
  url: string;
}

/** What the customer page's block shows (GET /admin-ext/customers/:id). */
export function customerBlock(customer: { id: string; name: string }, holdings: CustomerHoldings, pendingCards: UnitCard[]) {
  const cards: LatestItem[] = holdings.cards.map((card) => ({
    kind: "card",
    id: card.id,
    title: card.name,
    serialNumber: card.serialNumber,
    editionSize: card.editionSize,
    status: card.status,
    createdAt: card.createdAt,
    url: appLink(`app/cards/${card.id}`),
  }));
  const twins: LatestItem[] = holdings.twins.map((twin) => ({
    kind: "twin",
    id: twin.id,
    title: twin.title,
    serialNumber: twin.serialNumber,
    editionSize: twin.editionSize,
    status: twin.chain?.status ?? "NONE",
    createdAt: twin.createdAt,
    url: appLink(`app/twins/${twin.id}`),
  }));
  return {
    customer: { id: customer.id, name: customer.name, url: appLink(`app/customers/${customer.id}`) },
    names: holdings.names.map((name) => name.uns_name),
    cards: { total: cards.length, byStatus: countByStatus(cards, (card) => card.status) },
    twins: { total: twins.length, byStatus: countByStatus(twins, (twin) => twin.status) },
    /** Owned cards the shop keeps for the customer (no wallet yet). */
    held: holdings.cards.filter((card) => card.custody === "HELD").length,
    /** Cards whose claim code went to the customer's e-mail or phone, not yet claimed. */
    waiting: pendingCards.length,
    latest: newest([...cards, ...twins], LATEST),
  };
}
