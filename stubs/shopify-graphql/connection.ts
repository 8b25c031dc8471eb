// A Relay connection over a list, as Shopify pages one: `first`/`after` or
// `last`/`before`, opaque cursors, `nodes`, `edges { cursor node }` and `pageInfo`.
// Whichever of them a document selects, the schema decides; this gives them all.

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

const cursorOf = (index: number) => Buffer.from(`cursor:${index}`).toString("base64url");
const indexOf = (cursor: string) => Number(Buffer.from(cursor, "base64url").toString().replace("cursor:", ""));

export function connection<T>(items: readonly T[], args: ConnectionArgs = {}) {
  let start = 0;
  let end = items.length;
  if (args.after) start = indexOf(args.after) + 1;
  if (args.before) end = indexOf(args.before);
  if (typeof args.first === "number") end = Math.min(end, start + args.first);
  if (typeof args.last === "number") start = Math.max(start, end - args.last);
  const nodes = items.slice(start, end);
  return {
    nodes,
    edges: nodes.map((node, offset) => ({ cursor: cursorOf(start + offset), node })),
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: end < items.length,
      startCursor: nodes.length ? cursorOf(start) : null,
      endCursor: nodes.length ? cursorOf(end - 1) : null,
    },
  };
}

/** A connection field of a stub object: a function of the field's arguments, as graphql-js calls it. */
export const connectionField =
  <T>(items: () => readonly T[]) =>
  (args: ConnectionArgs) =>
    connection(items(), args);
