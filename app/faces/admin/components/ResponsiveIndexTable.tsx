import { BlockStack, Box, IndexTable, InlineStack, Text, useBreakpoints, type IndexTableProps } from "@shopify/polaris";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

type WithChildren = ReactElement<{ children?: ReactNode }>;

/**
 * Polaris' IndexTable; on phone-sized screens each row becomes a stack of its
 * cells, each under its column's title, so no column — status, actions — is
 * cut off at the side of a 390 px screen. Pages write their rows and cells
 * as for IndexTable.
 */
export function ResponsiveIndexTable({ children, headings, ...props }: IndexTableProps) {
  const { smDown } = useBreakpoints();
  if (!smDown)
    return (
      <IndexTable headings={headings} {...props}>
        {children}
      </IndexTable>
    );
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
