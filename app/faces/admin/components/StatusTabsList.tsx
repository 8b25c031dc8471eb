import { useNavigate, useNavigation } from "@remix-run/react";
import { Banner, Box, Card, EmptyState, Tabs, type IndexTableProps } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CursorPagination } from "./CursorPagination";
import { EMPTY_STATE_IMAGE } from "./empty-state-image";
import { ResponsiveIndexTable } from "./ResponsiveIndexTable";

export interface StatusTab {
  id: string;
  /** The `?status=` this tab shows; none for "All". */
  status?: string;
  label: string;
}

interface Empty {
  heading: string;
  body: string;
  action?: { content: string; url: string };
  secondaryAction?: { content: string; url: string };
}

/**
 * A list page's card: status tabs (`?status=`), a banner for a page link that no
 * longer works, the empty state, the table of `itemCount` rows (`children`, as
 * IndexTable rows; marked loading while the list's own path loads) and forward
 * cursors with a way back.
 */
export function StatusTabsList(props: {
  path: string;
  tabs: StatusTab[];
  status: string | null;
  staleCursor: boolean;
  nextCursor: string | null;
  itemCount: number;
  empty: Empty;
  resourceName: IndexTableProps["resourceName"];
  headings: IndexTableProps["headings"];
  children: ReactNode;
}) {
  const { path, tabs, status, staleCursor, nextCursor, itemCount, empty, resourceName, headings, children } = props;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.status === (status ?? undefined)),
  );
  const pathFor = (tabStatus: string | undefined | null) => (tabStatus ? `${path}?status=${tabStatus}` : path);
  const loading = navigation.state === "loading" && navigation.location.pathname === path;

  return (
    <Card padding="0">
      <Tabs
        tabs={tabs.map(({ id, label }) => ({ id, content: label }))}
        selected={selected}
        onSelect={(index) => navigate(pathFor(tabs[index]?.status))}
      />
      {staleCursor ? (
        <Box padding="400">
          <Banner tone="warning" title={t("common.staleLink")} action={{ content: t("common.firstPage"), url: pathFor(status) }} />
        </Box>
      ) : itemCount === 0 ? (
        <EmptyState heading={empty.heading} image={EMPTY_STATE_IMAGE} action={empty.action} secondaryAction={empty.secondaryAction}>
          <p>{empty.body}</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable resourceName={resourceName} itemCount={itemCount} selectable={false} loading={loading} headings={headings}>
          {children}
        </ResponsiveIndexTable>
      )}
      {!staleCursor && <CursorPagination nextCursor={nextCursor} filters={status ? { status } : {}} />}
    </Card>
  );
}
