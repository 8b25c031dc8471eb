import { run, type GraphqlClient } from "./admin-graphql.server";

export const SHOP_TIME_ZONE_QUERY = `#graphql
query TwinCardsShopTimeZone {
  shop { ianaTimezone }
}`;

/** The shop's IANA time zone as set in Shopify (Settings → General), e.g. `Europe/Paris`. */
export async function readShopTimeZone(graphql: GraphqlClient): Promise<string> {
  const { shop } = await run<{ shop: { ianaTimezone: string | null } }>(graphql, SHOP_TIME_ZONE_QUERY);
  if (!shop.ianaTimezone) throw new Error("Admin GraphQL gave no time zone");
  return shop.ianaTimezone;
}
