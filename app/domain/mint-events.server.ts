import { toUnitCard } from "./card-view";
import { recordEvent } from "./events.server";
import type { EventType } from "./schemas";
import { stores } from "./stores";
import { toDigitalTwin } from "./twins.server";

/** What a mint's outcome is called as an event. */
export const MINT_EVENT_OF: Partial<Record<string, EventType>> = { MINTED: "nft.minted", FAILED: "nft.failed", HELD: "nft.held" };

/**
 * Writes the event of a mint's new state (in the transaction that recorded
 * it): the card or twin as /v1 now returns it, its `chain` showing the change.
 */
export async function recordMintEvent(nftId: string, type: EventType): Promise<void> {
  const mint = await stores().chainMints.withItem(nftId);
  if (mint?.card) await recordEvent(mint.shop, type, { objectType: "unit_card", object: toUnitCard(mint.card) });
  else if (mint?.twin) await recordEvent(mint.shop, type, { objectType: "digital_twin", object: toDigitalTwin(mint.twin) });
}
