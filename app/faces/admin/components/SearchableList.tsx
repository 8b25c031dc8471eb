import { useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Banner,
  Box,
  Card,
  ChoiceList,
  EmptyState,
  IndexFilters,
  IndexFiltersMode,
  useIndexResourceState,
  useSetIndexFiltersMode,
  type IndexFiltersProps,
  type IndexTableProps,
} from "@shopify/polaris";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { CursorPagination } from "./CursorPagination";
import { EMPTY_STATE_IMAGE } from "./empty-state-image";
import { ResponsiveIndexTable } from "./ResponsiveIndexTable";
import type { StatusTab } from "./StatusTabsList";
import styles from "./SearchableList.module.css";

interface Empty {
  heading: string;
  body: string;
  action?: { content: string; url: string };
  secondaryAction?: { content: string; url: string };
}

export interface ListSort {
  /** The `?sort=` value; the first is the default. */
  value: string;
  /** Polaris' name for it: the key and the direction, e.g. `created desc`. */
  option: `${string} desc` | `${string} asc`;
  label: string;
  directionLabel: string;
}

/** The lists' one sort (decision 0078): by creation, newest first (the default) or oldest first. */
export const createdSorts = (t: TFunction): ListSort[] => [
  { value: "newest", option: "created desc", label: t("lists.created"), directionLabel: t("lists.newestFirst") },
  { value: "oldest", option: "created asc", label: t("lists.created"), directionLabel: t("lists.oldestFirst") },
];

/** A filter beside the search (Polaris' filter pills): one choice, in the URL as `?<key>=<value>`. */
export interface ListFilter {
  key: string;
  label: string;
  choices: { value: string; label: string }[];
  /** The value chosen, null for none. */
  value: string | null;
}

/** What a bulk action gets: the ids selected, and a way to clear the selection once it is done. */
export interface BulkAction {
  content: string;
  onAction: (ids: string[], clear: () => void) => void;
  destructive?: boolean;
}

// Typing waits this long before the list reloads, so a search is one request, not one a letter.
const SEARCH_DELAY_MS = 300;

/**
 * A list page's card the Polaris way (IndexFilters): status tabs, a search box, the sort and
 * any `filters`, all in the URL (`?status=`, `?q=`, `?sort=`, `?<filter>=`) so a search is a link and survives a reload;
 * the table's rows selectable for the `bulkActions`; forward cursors with a way back.
 */
export function SearchableList(props: {
  path: string;
  tabs: StatusTab[];
  status: string | null;
  query: string;
  sorts: ListSort[];
  sort: string;
  staleCursor: boolean;
  nextCursor: string | null;
  ids: string[];
  empty: Empty;
  resourceName: { singular: string; plural: string };
  searchPlaceholder: string;
  headings: IndexTableProps["headings"];
  bulkActions?: BulkAction[];
  filters?: ListFilter[];
  children: ReactNode;
}) {
  const { path, tabs, status, query, sorts, sort, staleCursor, nextCursor, ids, empty, resourceName, searchPlaceholder, headings } = props;
  const bulkActions = props.bulkActions ?? [];
  const filters = props.filters ?? [];
  const keys = ["status", "q", "sort", ...filters.map((filter) => filter.key)];
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  // A list opened on a search (a link, a reload, Back) shows the search box with its words, not just its results.
  const { mode, setMode } = useSetIndexFiltersMode(query ? IndexFiltersMode.Filtering : IndexFiltersMode.Default);
  const [typed, setTyped] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } = useIndexResourceState(
    ids.map((id) => ({ id })),
  );

  // A new page (another tab, search or cursor): the selection was of the rows that left.
  const pageKey = ids.join(",");
  useEffect(() => clearSelection(), [pageKey, clearSelection]);
  useEffect(() => setTyped(query), [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** The list's URL with `changes`, back on its first page. */
  const urlWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    for (const key of keys) {
      const value = key in changes ? changes[key] : params.get(key);
      if (value) next.set(key, value);
    }
    if (next.get("sort") === sorts[0]?.value) next.delete("sort");
    const search = next.toString();
    return search ? `${path}?${search}` : path;
  };
  const search = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(urlWith({ q: text.trim() || null }), { replace: true }), SEARCH_DELAY_MS);
  };
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.status === (status ?? undefined)),
  );
  const sortOptions: IndexFiltersProps["sortOptions"] = sorts.map(({ option, label, directionLabel }) => ({
    value: option,
    label,
    directionLabel,
  }));
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const filtersKept: Record<string, string> = {};
  for (const key of keys) if (params.get(key)) filtersKept[key] = params.get(key)!;
  const selectedIds = allResourcesSelected ? ids : selectedResources;

  return (
    <Card padding="0">
      <div className={styles.filters}>
        <IndexFilters
          tabs={tabs.map(({ id, label }, index) => ({ id, content: label, index, isLocked: true }))}
          selected={selected}
          onSelect={(index) => navigate(urlWith({ status: tabs[index]?.status ?? null }))}
          queryValue={typed}
          queryPlaceholder={searchPlaceholder}
          onQueryChange={search}
          onQueryClear={() => search("")}
          sortOptions={sortOptions}
          sortSelected={[sorts.find(({ value }) => value === sort)?.option ?? sorts[0]?.option ?? ""]}
          onSort={([option]) => navigate(urlWith({ sort: sorts.find((item) => item.option === option)?.value ?? null }))}
          filters={filters.map(({ key, label, choices, value }) => ({
            key,
            label,
            shortcut: true,
            pinned: true,
            filter: (
              <ChoiceList
                title={label}
                titleHidden
                choices={choices}
                selected={value ? [value] : []}
                onChange={([chosen]) => navigate(urlWith({ [key]: chosen ?? null }))}
              />
            ),
          }))}
          appliedFilters={filters.flatMap(({ key, label, choices, value }) =>
            value
              ? [
                  {
                    key,
                    label: t("common.appliedFilter", { label, value: choices.find((choice) => choice.value === value)?.label ?? value }),
                    onRemove: () => navigate(urlWith({ [key]: null })),
                  },
                ]
              : [],
          )}
          onClearAll={() => {
            setTyped("");
            navigate(urlWith({ q: null, ...Object.fromEntries(filters.map(({ key }) => [key, null])) }));
          }}
          hideFilters={filters.length === 0}
          canCreateNewView={false}
          cancelAction={{ onAction: () => search(""), disabled: false, loading: false }}
          mode={mode}
          setMode={setMode}
          loading={loading}
        />
      </div>
      {staleCursor ? (
        <Box padding="400">
          <Banner tone="warning" title={t("common.staleLink")} action={{ content: t("common.firstPage"), url: urlWith({}) }} />
        </Box>
      ) : ids.length === 0 ? (
        <EmptyState heading={empty.heading} image={EMPTY_STATE_IMAGE} action={empty.action} secondaryAction={empty.secondaryAction}>
          <p>{empty.body}</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={resourceName}
          itemCount={ids.length}
          selectable={bulkActions.length > 0}
          selectedItemsCount={allResourcesSelected ? "All" : selectedResources.length}
          onSelectionChange={handleSelectionChange}
          promotedBulkActions={bulkActions.map(({ content, onAction, destructive }) => ({
            content,
            destructive,
            onAction: () => onAction(selectedIds, clearSelection),
          }))}
          loading={loading}
          headings={headings}
        >
          {props.children}
        </ResponsiveIndexTable>
      )}
      {!staleCursor && <CursorPagination nextCursor={nextCursor} filters={filtersKept} />}
    </Card>
  );
}
