import type { GraphqlClient } from "./admin-customers.server";

export const SHOP_TIME_ZONE_QUERY = `#graphql
query TwinCardsShopTimeZone {
  shop { ianaTimezone }
}`;

/** The shop's IANA time zone as set in Shopify (Settings → General), e.g. `Europe/Paris`. */
export async function readShopTimeZone(graphql: GraphqlClient): Promise<string> {
  const response = await graphql(SHOP_TIME_ZONE_QUERY);
  const body = (await response.json()) as { data?: { shop?: { ianaTimezone?: string } }; errors?: unknown };
  const zone = body.data?.shop?.ianaTimezone;
  if (!zone) throw new Error(`Admin GraphQL gave no time zone: ${JSON.stringify(body.errors ?? body.data)}`);
  return zone;
}
