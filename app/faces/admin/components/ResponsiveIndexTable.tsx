import { BlockStack, Box, IndexTable, InlineStack, Text, useBreakpoints, type IndexTableProps } from "@shopify/polaris";
import { Children, cloneElement, isValidElement, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import styles from "./ResponsiveIndexTable.module.css";

type WithChildren = ReactElement<{ children?: ReactNode }>;

/**
 * Polaris' IndexTable; on phone-sized screens each row becomes a stack of its
 * cells, each under its column's title, so no column — status, actions — is
 * cut off at the side of a 390 px screen. Pages write their rows and cells
 * as for IndexTable.
 *
 * The server cannot know the screen's width, and a phone may show the page for
 * seconds before its JavaScript runs: until hydration both layouts are in the
 * page and CSS shows the one that fits (the same breakpoint as Polaris'
 * useBreakpoints); once the page runs, only that one is rendered.
 */
export function ResponsiveIndexTable(props: IndexTableProps) {
  const { smDown } = useBreakpoints();
  const hydrated = useHydrated();
  return (
    <>
      {(!hydrated || !smDown) && (
        <div className={styles.wide}>
          <WideTable {...props} />
        </div>
      )}
      {(!hydrated || smDown) && (
        <div className={styles.stacked}>
          <StackedTable {...props} />
        </div>
      )}
    </>
  );
}

const noChanges = () => () => undefined;
/** False in the server's HTML and while React hydrates it (so both agree), true once the page runs. */
const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

function WideTable({ children, headings, ...props }: IndexTableProps) {
  return (
    <IndexTable headings={headings} {...props}>
      {children}
    </IndexTable>
  );
}

function StackedTable({ children, headings, ...props }: IndexTableProps) {
  const titles = headings.map((heading) => (heading.hidden ? null : heading.title));
  return (
    <IndexTable condensed headings={headings} {...props}>
      {Children.map(children, (row) =>
        isValidElement<{ children?: ReactNode }>(row)
          ? cloneElement(row, {}, <StackedCells titles={titles}>{row.props.children}</StackedCells>)
          : row,
      )}
    </IndexTable>
  );
}

function StackedCells({ titles, children }: { titles: ReactNode[]; children: ReactNode }) {
  const cells = Children.toArray(children).filter((cell): cell is WithChildren => isValidElement(cell));
  return (
    <Box width="100%" paddingBlock="100" paddingInline="300">
      <BlockStack gap="150">
        {cells.map((cell, index) =>
          index === 0 ? (
            <Box key={index}>{cell.props.children}</Box>
          ) : (
            <InlineStack key={index} gap="200" blockAlign="center">
              {titles[index] && (
                <Text as="span" variant="bodySm" tone="subdued">
                  {titles[index]}
                </Text>
              )}
              {cell.props.children}
            </InlineStack>
          ),
        )}
      </BlockStack>
    </Box>
  );
}
