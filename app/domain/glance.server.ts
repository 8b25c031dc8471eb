import { stores } from "./stores";

/** How many days the admin home looks back over. */
export const GLANCE_DAYS = 30;
/** Time zones are offset from UTC by whole quarter hours: counted per quarter hour, items fall on the shop's own days. */
const SLOT_SECONDS = 15 * 60;
const TOP_RULES = 5;

export interface GlanceDay {
  /** The shop's calendar day, YYYY-MM-DD. */
  date: string;
  issued: number;
  claimed: number;
}

export interface ShopGlance {
  /** The first instant counted: midnight in the shop's zone, GLANCE_DAYS - 1 days before today. */
  since: string;
  /** Every day of the window, oldest first, with zero counts too. */
  days: GlanceDay[];
  /** Cards and twins issued in the window. */
  issued: number;
  /** Cards issued in the window to be claimed with a code. */
  sentToClaim: number;
  /** Of those, how many were claimed. */
  claimed: number;
  /** claimed / sentToClaim, from 0 to 1; null when none was sent to claim. */
  claimRate: number | null;
  /** The rules that issued the most items in the window, most first. */
  topRules: { ruleId: string; targetTitle: string; items: number }[];
}

/**
 * The admin home's last 30 days (issue 27): what was issued and claimed each day, the claim rate of the
 * cards sent to claim in that time (those cards' claims, whenever they came), and the rules that issued most.
 * Days are the shop's (`timeZone`, an IANA zone); live or test data as the admin shows.
 */
export async function shopGlance(shop: string, livemode: boolean, timeZone: string, now = new Date()): Promise<ShopGlance> {
  const dayOf = dayFormatter(timeZone);
  const since = localMidnight(new Date(now.getTime() - (GLANCE_DAYS - 1) * 86_400_000), timeZone);
  const [cards, claims, twins, topRules] = await Promise.all([
    stores().cards.issuedBySlot(shop, livemode, since, SLOT_SECONDS),
    stores().cards.claimedBySlot(shop, livemode, since, SLOT_SECONDS),
    stores().names.twinsBySlot(shop, livemode, since, SLOT_SECONDS),
    livemode ? stores().orders.topRules(shop, since, TOP_RULES) : Promise.resolve([]),
  ]);
  const days = new Map<string, GlanceDay>();
  for (let i = 0; i < GLANCE_DAYS; i++) {
    const date = dayOf(new Date(now.getTime() - (GLANCE_DAYS - 1 - i) * 86_400_000));
    days.set(date, { date, issued: 0, claimed: 0 });
  }
  const add = (slot: number, field: "issued" | "claimed", count: number) => {
    const day = days.get(dayOf(new Date(slot * SLOT_SECONDS * 1000)));
    if (day) day[field] += count;
  };
  for (const row of cards) add(row.slot, "issued", row.issued);
  for (const row of twins) add(row.slot, "issued", row.issued);
  for (const row of claims) add(row.slot, "claimed", row.claimed);
  const sentToClaim = cards.reduce((sum, row) => sum + row.sent, 0);
  const claimed = claims.reduce((sum, row) => sum + row.claimed, 0);
  const list = [...days.values()];
  return {
    since: since.toISOString(),
    days: list,
    issued: list.reduce((sum, day) => sum + day.issued, 0),
    sentToClaim,
    claimed,
    claimRate: sentToClaim === 0 ? null : claimed / sentToClaim,
    topRules,
  };
}

/** YYYY-MM-DD of an instant in a zone. */
function dayFormatter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (date) => format.format(date);
}

/** The instant the zone's calendar day holding `date` began (a day starting in a DST jump starts at its first hour). */
function localMidnight(date: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" })
    .formatToParts(date)
    .reduce<Record<string, number>>((all, part) => (part.type === "literal" ? all : { ...all, [part.type]: Number(part.value) }), {});
  const sinceMidnight = ((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) * 1000 + date.getUTCMilliseconds();
  return new Date(date.getTime() - sinceMidnight);
}
