import { z } from "./zod";

/** The most items an issuing rule's edition may have (an edition past a million is an open one in all but name). */
export const MAX_EDITION_SIZE = 1_000_000;

// Every UnitCard and DigitalTwin carries both (docs/decisions/0033-serial-numbers.md).
export const serialFields = {
  serialNumber: z
    .number()
    .int()
    .min(1)
    .nullable()
    .meta({
      description:
        "Its number in its edition, from 1: a batch's cards are 1 to N in input order; an issuing rule numbers every twin and card it issues " +
        "in the order they are issued. null outside an edition (a card created alone, a twin issued by hand)",
      examples: [12],
    }),
  editionSize: z
    .number()
    .int()
    .min(1)
    .nullable()
    .meta({
      description:
        "How many items its edition has: the batch's card count, or the issuing rule's edition size when the item was issued. " +
        "null for an open edition (a rule with no size) and outside an edition",
      examples: [250],
    }),
};

/** An item's place in its edition: #serialNumber of editionSize (editionSize null: an open edition). */
export interface Serial {
  serialNumber: number;
  editionSize: number | null;
}

/** Outside any edition: a card created alone, a twin issued by hand. */
export const NO_SERIAL = { serialNumber: null, editionSize: null } as const;

/** A batch of `count`: one closed edition, numbered 1 to `count` in input order. */
export const closedEdition = (count: number): Serial[] =>
  Array.from({ length: count }, (_, index) => ({ serialNumber: index + 1, editionSize: count }));

/** `count` consecutive numbers of an edition, from `first`. */
export const editionNumbers = (first: number, count: number, editionSize: number | null): Serial[] =>
  Array.from({ length: count }, (_, index) => ({ serialNumber: first + index, editionSize }));

/** A rule's edition size as the merchant sets it: a whole number ≥ 1, or null for an open edition. */
export const editionSizeInput = z.number().int("Must be a whole number").min(1, "Must be at least 1").max(MAX_EDITION_SIZE).nullable();
