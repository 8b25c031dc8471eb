import { z } from "zod";
import { DomainError, notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { ports } from "./ports";
import { parseInput } from "./schemas";
import { stores, type WalletPassTokenRecord } from "./stores";
import { hashPassToken, wholeSecond } from "./wallet-pass-tokens.server";
import { signedPass, type HeldItem, type PassState } from "./wallet-passes.server";

/*
 * Apple's PassKit web service (issue 28 item 2, decision 0047): devices register
 * for a pass's updates, ask which of their passes changed since a tag, and fetch
 * the latest pass. Every request naming a pass carries that pass's token
 * (`Authorization: ApplePass <token>`): a wrong token, another pass's token or
 * another pass type is refused before anything is read or written.
 */

/** A request whose `Authorization: ApplePass <token>` is not the named pass's. */
export class PassAuthError extends Error {
  constructor() {
    super("The authentication token is not this pass's");
  }
}

const deviceLibraryId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, "must be Wallet's device library identifier");
const registrationBody = z.object({
  pushToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,200}$/, "must be the APNs push token Wallet sent"),
});

/** The pass's token record when the request carries its token and the configured pass type. */
async function authorized(passTypeIdentifier: string, serialNumber: string, authorization: string | null): Promise<WalletPassTokenRecord> {
  passTypeOf(passTypeIdentifier, () => new PassAuthError());
  const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? "")?.[1];
  if (!token) throw new PassAuthError();
  const record = await stores().walletPasses.byToken(hashPassToken(token));
  // Another pass's token (another shop's serial too) is as wrong as none.
  if (!record || record.serialNumber !== serialNumber) throw new PassAuthError();
  return record;
}

/** Refuses while updates are off, and a pass type this app does not sign. */
function passTypeOf(passTypeIdentifier: string, wrong: () => Error) {
  const setup = ports().walletPasses.setup();
  if (!setup.on || !setup.updatable) throw notFound("Apple Wallet pass updates");
  if (passTypeIdentifier !== setup.passTypeIdentifier) throw wrong();
}

/** POST …/registrations/{passType}/{serial}: true when the device was not registered yet (201), false when it was (200). */
export async function registerDevice(
  device: string,
  passTypeIdentifier: string,
  serialNumber: string,
  authorization: string | null,
  body: unknown,
): Promise<boolean> {
  await authorized(passTypeIdentifier, serialNumber, authorization);
  const deviceId = parseInput(deviceLibraryId, device);
  const { pushToken } = parseInput(registrationBody, body);
  return stores().transaction(() => stores().walletPasses.register(newId("wpr"), deviceId, serialNumber, pushToken));
}

/** DELETE …/registrations/{passType}/{serial}: NOT_FOUND for a device that was not registered for it. */
export async function unregisterDevice(device: string, passTypeIdentifier: string, serialNumber: string, authorization: string | null) {
  await authorized(passTypeIdentifier, serialNumber, authorization);
  if (!(await stores().transaction(() => stores().walletPasses.unregister(device, serialNumber))))
    throw notFound("This device's registration for the pass");
}

/** The tag of a pass's last change: milliseconds since 1970, as text. */
const tagOf = (date: Date) => String(date.getTime());

/**
 * GET …/registrations/{passType}?passesUpdatedSince=<tag>: the serial numbers of the device's
 * passes changed after the tag (all of them without one), or null when none did (204).
 * A device with no registration is NOT_FOUND; a tag this app did not write is refused.
 */
export async function updatedSerials(
  device: string,
  passTypeIdentifier: string,
  passesUpdatedSince: string | null,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  passTypeOf(passTypeIdentifier, () => notFound("Device"));
  if (passesUpdatedSince !== null && !/^\d{1,15}$/.test(passesUpdatedSince))
    throw new DomainError("VALIDATION_FAILED", "passesUpdatedSince: must be a tag this service answered (lastUpdated)", [
      { path: "passesUpdatedSince", message: "must be a tag this service answered (lastUpdated)" },
    ]);
  if (!deviceLibraryId.safeParse(device).success || !(await stores().walletPasses.deviceKnown(device))) throw notFound("Device");
  const since = passesUpdatedSince === null ? null : new Date(Number(passesUpdatedSince));
  const passes = await stores().walletPasses.registeredPasses(device, since);
  if (passes.length === 0) return null;
  const last = passes.reduce((latest, pass) => (pass.changedAt > latest ? pass.changedAt : latest), passes[0]!.changedAt);
  return { serialNumbers: passes.map((pass) => pass.serialNumber), lastUpdated: tagOf(last) };
}

/** The latest pass, or NOT_MODIFIED when it has not changed since `ifModifiedSince` (HTTP dates: whole seconds). */
export async function latestPass(
  passTypeIdentifier: string,
  serialNumber: string,
  authorization: string | null,
  ifModifiedSince: Date | null,
): Promise<{ bytes: Buffer; lastModified: Date } | "NOT_MODIFIED"> {
  const record = await authorized(passTypeIdentifier, serialNumber, authorization);
  const lastModified = record.pass.changedAt;
  if (ifModifiedSince && lastModified.getTime() <= ifModifiedSince.getTime()) return "NOT_MODIFIED";
  const { item, state } = await itemNow(record);
  const token = /^ApplePass (\S+)$/.exec(authorization!)![1]!;
  const bytes = await signedPass(record.pass.shop, item, { language: record.locale, state, authenticationToken: token });
  return { bytes, lastModified };
}

/** The pass's item as it is now, and what its pass says of it for whom the pass was made. */
async function itemNow({ pass, serialNumber, holder }: WalletPassTokenRecord): Promise<{ item: HeldItem; state: PassState }> {
  if (isIdOf("card", serialNumber)) {
    const card = await stores().cards.findForShop(pass.shop, serialNumber, true);
    if (!card) throw notFound("Pass");
    const state: PassState = card.status === "VOID" ? "VOID" : card.owner === holder ? "HELD" : "GIVEN";
    return { item: { kind: "card", card }, state };
  }
  const twin = await stores().names.twinView(pass.shop, serialNumber, true);
  if (!twin) throw notFound("Pass");
  return { item: { kind: "twin", twin }, state: twin.name.owner === holder ? "HELD" : "GIVEN" };
}

/**
 * Marks the passes of these items changed (in the caller's transaction) and queues one APNs
 * push per device registered for each: the outbox's worker sends them after the commit.
 */
export async function passesChanged(serialNumbers: string[]): Promise<void> {
  const devices = await stores().walletPasses.markChanged(serialNumbers, wholeSecond());
  await stores().walletPasses.queuePushes(devices.map((device) => ({ id: newId("wpp"), ...device })));
}

/** What Wallet logs to POST …/v1/log: at most 20 messages of 500 characters each are kept. */
const deviceLogs = z.object({ logs: z.array(z.string()).max(1000) });

export function deviceLogLines(body: unknown): string[] {
  const { logs } = parseInput(deviceLogs, body);
  return logs.slice(0, 20).map((line) => line.replace(/[\r\n]+/g, " ").slice(0, 500));
}
