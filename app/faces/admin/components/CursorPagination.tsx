import { useLocation } from "@remix-run/react";
import { Box, InlineStack, Pagination } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

const SEPARATOR = "."; // cursors are base64url or ids: never a dot

/**
 * Forward-only cursors with a way back: `?cursor=` is the page shown, `?back=`
 * the cursors of the pages before it (the first page has none), so "Previous"
 * is a plain link too. `filters` are the list's own parameters (`status`),
 * kept on every page; Shopify's launch parameters are not carried along.
 */
export function CursorPagination({ nextCursor, filters = {} }: { nextCursor: string | null; filters?: Record<string, string> }) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  const cursor = params.get("cursor");
  const back = params.get("back")?.split(SEPARATOR).filter(Boolean) ?? [];

  const urlWith = (pageCursor: string | undefined, stack: string[]) => {
    const next = new URLSearchParams(filters);
    if (pageCursor) next.set("cursor", pageCursor);
    if (stack.length) next.set("back", stack.join(SEPARATOR));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };

  if (!cursor && !nextCursor) return null;
  return (
    <Box padding="300" borderBlockStartWidth="025" borderColor="border">
      <InlineStack align="center">
        <Pagination
          label={t("common.page", { number: cursor ? back.length + 2 : 1 })}
          hasPrevious={Boolean(cursor)}
          previousURL={cursor ? urlWith(back.at(-1), back.slice(0, -1)) : undefined}
          hasNext={Boolean(nextCursor)}
          nextURL={nextCursor ? urlWith(nextCursor, cursor ? [...back, cursor] : back) : undefined}
        />
      </InlineStack>
    </Box>
  );
}
