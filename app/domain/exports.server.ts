import { bulkCardIds } from "./card-list.server";
import { toUnitCard } from "./card-view";
import { listCards } from "./cards.server";
import { listEvents } from "./events.server";
import { bulkTwinIds } from "./twin-list.server";
import { listTwins, toDigitalTwin } from "./twins.server";
import type { DigitalTwin, Event, UnitCard } from "./schemas";
import { stores } from "./stores";

// The admin's CSV exports read the shop's lists page by page, as /v1 pages them:
// only one page is in memory at a time, however many rows the shop has.
const PAGE = 100;

/** Every card of the shop in one mode, newest first, a page at a time. */
export async function* cardPages(shop: string, livemode: boolean): AsyncGenerator<UnitCard[]> {
  let cursor: string | undefined;
  do {
    const page = await listCards(shop, { cursor, limit: PAGE }, livemode);
    yield page.cards;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The cards a merchant selected in the list (one page at most), oldest first; ids of another shop or mode are left out. */
export async function* selectedCardPages(shop: string, ids: string[], livemode: boolean): AsyncGenerator<UnitCard[]> {
  const rows = await stores().cards.viewsInShop(shop, bulkCardIds(ids));
  yield rows.filter((row) => row.livemode === livemode).map((row) => toUnitCard(row));
}

/** Every twin of the shop in one mode, newest first, a page at a time. */
export async function* twinPages(shop: string, livemode: boolean): AsyncGenerator<DigitalTwin[]> {
  let cursor: string | undefined;
  do {
    const page = await listTwins(shop, { cursor, limit: PAGE, livemode });
    yield page.twins;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The twins a merchant selected in the list (one page at most), oldest first; ids of another shop or mode are left out.
 * The ids are checked at once (VALIDATION_FAILED at `ids`), before the export's first line is written.
 */
export function selectedTwinPages(shop: string, ids: string[], livemode: boolean): AsyncGenerator<DigitalTwin[]> {
  const selected = bulkTwinIds(ids);
  return (async function* () {
    const rows = await stores().names.twinViewsByIds(shop, selected);
    yield rows
      .filter((row) => row.livemode === livemode)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(toDigitalTwin);
  })();
}

/** The shop's activity (its events of the last 30 days, as /v1/events lists them), newest first, a page at a time. */
export async function* eventPages(shop: string, livemode: boolean): AsyncGenerator<Event[]> {
  let cursor: string | undefined;
  do {
    const page = await listEvents(shop, { cursor, limit: PAGE }, livemode);
    yield page.events;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
