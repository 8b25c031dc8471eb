import { Link, Text } from "@shopify/polaris";
import type { CustomerLink } from "~/faces/admin/customer-links.server";

/** An owner as a merchant knows them: the customer's name linking to their page, else the owner as stored. */
export function OwnerLabel({ owner, customers }: { owner: string | null; customers: Record<string, CustomerLink> }) {
  if (!owner)
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  const customer = customers[owner];
  if (!customer)
    return (
      <Text as="span" breakWord>
        {owner}
      </Text>
    );
  return (
    <Link url={`/app/customers/${customer.id}`} removeUnderline>
      {customer.name}
    </Link>
  );
}
