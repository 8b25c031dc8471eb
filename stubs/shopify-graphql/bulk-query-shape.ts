// What Shopify checks of a bulk query before it runs it (`bulkOperationRunQuery`,
// shopify.dev "Perform bulk operations with the GraphQL Admin API"): a valid query
// of the schema, with at least one connection, at most five, nested at most two
// levels deep, no top-level `node` or `nodes`, and no connection inside a list
// field. Each fault is a BulkOperationUserError (code INVALID, field ["query"]).
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  parse,
  validate,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import { fragmentsOf, isConnectionField } from "./query-cost";
import { validationErrors } from "./shopify-errors";

export const MAX_BULK_CONNECTIONS = 5;
export const MAX_BULK_NESTING = 2;

export interface BulkUserError {
  field: string[];
  message: string;
  code: "INVALID";
}

const invalid = (message: string): BulkUserError => ({ field: ["query"], message, code: "INVALID" });

interface Shape {
  connections: number;
  deepest: number;
  connectionInList: string | null;
}

function walk(
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  depth: number,
  inList: boolean,
  shape: Shape,
) {
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment) continue;
      const type = fragment.typeCondition ? (schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType) : parent;
      walk(schema, fragments, fragment.selectionSet, type ?? parent, depth, inList, shape);
      continue;
    }
    const field = "getFields" in parent ? parent.getFields()[selection.name.value] : undefined;
    if (!field || !selection.selectionSet) continue;
    const type = getNamedType(field.type);
    if (!isCompositeType(type)) continue;
    const connection = isConnectionField(field as never);
    if (connection) {
      shape.connections++;
      shape.deepest = Math.max(shape.deepest, depth + 1);
      if (inList) shape.connectionInList ??= selection.name.value;
    }
    // A connection's own `edges`/`nodes` lists are how it pages, not a list field around the connections below.
    const listField = !connection && isListType(getNullableType(field.type)) && !["edges", "nodes"].includes(selection.name.value);
    walk(schema, fragments, selection.selectionSet, type, depth + (connection ? 1 : 0), inList || listField, shape);
  }
}

/** Shopify's refusals of `query` as a bulk query; empty when it would run. */
export function bulkQueryErrors(schema: GraphQLSchema, query: string): BulkUserError[] {
  let document;
  try {
    document = parse(query);
  } catch (error) {
    return [invalid(`Invalid bulk query: ${(error as Error).message}`)];
  }
  const refused = validate(schema, document);
  if (refused.length > 0) return validationErrors(document, refused).map((error) => invalid(`Invalid bulk query: ${error.message}`));
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || operations[0]!.operation !== "query") return [invalid("Bulk queries must be a single query operation.")];
  const fragments = fragmentsOf(document);
  const operation = operations[0]!;
  const errors: BulkUserError[] = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind === Kind.FIELD && ["node", "nodes"].includes(selection.name.value))
      errors.push(invalid(`The top-level ${selection.name.value} field can't be used in a bulk query.`));
  }
  const shape: Shape = { connections: 0, deepest: 0, connectionInList: null };
  walk(schema, fragments, operation.selectionSet, schema.getQueryType()!, 0, false, shape);
  if (shape.connections === 0) errors.push(invalid("Bulk queries must contain at least one connection."));
  if (shape.connections > MAX_BULK_CONNECTIONS)
    errors.push(invalid(`Bulk queries cannot contain more than ${MAX_BULK_CONNECTIONS} connections (this one has ${shape.connections}).`));
  if (shape.deepest > MAX_BULK_NESTING)
    errors.push(
      invalid(
        `Bulk queries cannot contain connections with a nesting depth greater than ${MAX_BULK_NESTING} (this one nests ${shape.deepest}).`,
      ),
    );
  if (shape.connectionInList)
    errors.push(
      invalid(`Queries that contain a connection field within a list field are not currently supported (${shape.connectionInList}).`),
    );
  return errors;
}
