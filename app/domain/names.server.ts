import type { z } from "zod";
import { conflict } from "./errors";
import { recordEvent } from "./events.server";
import { newId } from "./ids";
import { parseInput, registerNameInput, validateNameQuery, type NameRecord, type NameValidation } from "./schemas";
import { stores, type UniversalNameRecord } from "./stores";

const toNameRecord = (row: Pick<UniversalNameRecord, "id" | "name" | "publicKey" | "livemode">): NameRecord => ({
  uns_name: row.name,
  uns_name_id: row.id,
  public_key: row.publicKey,
  livemode: row.livemode,
});

/** A universal name for a wallet key, and who holds it if known. */
export type RegisterNameCommand = z.output<typeof registerNameInput>;

/** Edge wrapper for callers that still hold unparsed input (the admin's customer page): parse, then registerNameFor. */
export const registerName = (shop: string, input: unknown) => registerNameFor(shop, parseInput(registerNameInput, input));

/**
 * Registers a universal name (global across shops) for a wallet key. Test mode has a registry
 * of its own: a test key never takes, nor sees, a real name.
 */
export async function registerNameFor(shop: string, { name, publicKey, owner }: RegisterNameCommand, livemode = true): Promise<NameRecord> {
  const taken = () => conflict(`The name "${name}" is already taken`, [{ path: "name", message: "Already taken" }]);
  return stores().transaction(async () => {
    if (await stores().names.nameTaken(name, livemode)) throw taken();
    // Null when a concurrent registration took the name between the check and here.
    const row = await stores().names.register({
      id: newId("uns"),
      name,
      publicKey,
      owner: owner ?? null,
      registeredByShop: shop,
      livemode,
    });
    if (!row) throw taken();
    const record = toNameRecord(row);
    await recordEvent(shop, "name.registered", { objectType: "name", object: record }, { livemode });
    return record;
  });
}

/** Step 1 of issuing a twin. An unknown name is `available: false` with only the name. */
export async function validateName(query: unknown, livemode = true): Promise<NameValidation> {
  const { name } = parseInput(validateNameQuery, query);
  const row = await stores().names.keyOfName(name, livemode);
  return row ? { available: true, payload: toNameRecord({ ...row, livemode }) } : { available: false, payload: { uns_name: name } };
}

/** The real universal names an owner (e.g. `shopify|7364129087`) holds (a customer never sees test data). */
export async function namesOfOwner(owner: string): Promise<NameRecord[]> {
  const rows = await stores().names.liveNamesOfOwner(owner);
  return rows.map(toNameRecord);
}

/** Who holds each of these names (`<provider>|<id>`, or null when none was given), by name id. */
export async function ownersOfNames(nameIds: string[]): Promise<Record<string, string | null>> {
  if (nameIds.length === 0) return {};
  const rows = await stores().names.ownersOfNames(nameIds);
  return Object.fromEntries(rows.map((row) => [row.id, row.owner]));
}
