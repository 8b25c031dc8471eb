import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Card, EmptyState, IndexTable, Layout, Page, Pagination, Text, TextField } from "@shopify/polaris";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { listCustomers } from "~/adapters/shopify/admin-customers.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { ResponsiveIndexTable } from "~/faces/admin/components/ResponsiveIndexTable";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.customers");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  // `q`: links written before the search moved to `query`.
  const search = (params.get("query") ?? params.get("q") ?? "").trim();
  const page = await listCustomers(admin.graphql, {
    search,
    after: params.get("after") ?? undefined,
    before: params.get("before") ?? undefined,
  });
  return { search, page };
};

export const action = methodNotAllowed("GET, HEAD");

/** How long typing pauses before the list follows it. */
const SEARCH_DELAY_MS = 300;
const searchUrl = (search: string, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...(search ? { query: search } : {}), ...extra })}`;

/**
 * The search field's text, and the list following it as the merchant types
 * (debounced): `?query=` replaces the URL's, so a reload or Back from a
 * customer keeps the search. Back and Forward between searches refill the field.
 */
function useSearchAsYouType(search: string) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(search);
  const sent = useRef(search);
  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setQuery(search);
    }
  }, [search]);
  useEffect(() => {
    const wanted = query.trim();
    if (wanted === sent.current) return;
    const timer = setTimeout(() => {
      // Enter may have sent it already, and the merchant moved on (a customer's page).
      if (wanted === sent.current) return;
      sent.current = wanted;
      navigate(searchUrl(wanted), { replace: true, preventScrollReset: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, navigate]);
  /** Enter: the search at once, no wait. */
  const submitNow = (event: FormEvent) => {
    event.preventDefault();
    sent.current = query.trim();
    navigate(searchUrl(sent.current), { replace: true, preventScrollReset: true });
  };
  return [query, setQuery, submitNow] as const;
}

export default function Customers() {
  const { search, page } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [query, setQuery, submitNow] = useSearchAsYouType(search);
  const { t } = useTranslation();
  const format = useFormat();

  return (
    <Page title={t("customers.title")} subtitle={t("customers.subtitle")}>
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <div style={{ padding: "var(--p-space-300)" }}>
              <Form method="get" role="search" onSubmit={submitNow}>
                <TextField
                  label={t("customers.search")}
                  labelHidden
                  name="query"
                  value={query}
                  onChange={setQuery}
                  placeholder={t("customers.searchPlaceholder")}
                  autoComplete="off"
                  clearButton
                  onClearButtonClick={() => setQuery("")}
                />
              </Form>
            </div>
            {page.items.length === 0 ? (
              <EmptyState heading={t("customers.emptyHeading")} image="">
                <p>{search ? t("customers.noMatch", { search }) : t("customers.noCustomers")}</p>
              </EmptyState>
            ) : (
              <ResponsiveIndexTable
                resourceName={{ singular: t("customers.resourceSingular"), plural: t("customers.resourcePlural") }}
                itemCount={page.items.length}
                selectable={false}
                loading={navigation.state === "loading"}
                headings={[
                  { title: t("common.name") },
                  { title: t("common.email") },
                  { title: t("common.phone") },
                  { title: t("customers.orders"), alignment: "end" },
                ]}
              >
                {page.items.map((customer, index) => (
                  <IndexTable.Row
                    id={customer.id}
                    key={customer.id}
                    position={index}
                    onClick={() => navigate(`/app/customers/${customer.id}`)}
                  >
                    <IndexTable.Cell>
                      <Text as="span" variant="bodyMd" fontWeight="semibold">
                        {customer.name}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{customer.email ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>{customer.phone ?? "—"}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {format.number(customer.ordersCount)}
                      </Text>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </ResponsiveIndexTable>
            )}
            <div style={{ display: "flex", justifyContent: "center", padding: "var(--p-space-300)" }}>
              <Pagination
                hasPrevious={Boolean(page.previousCursor)}
                onPrevious={() => navigate(searchUrl(search, { before: page.previousCursor ?? "" }))}
                hasNext={Boolean(page.nextCursor)}
                onNext={() => navigate(searchUrl(search, { after: page.nextCursor ?? "" }))}
              />
            </div>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
