// Shopify's calculated query cost (shopify.dev, "GraphQL Admin API rate limits"): a
// scalar or enum costs 0, an object 1, an interface or union the most of its possible
// selections, a connection 2 plus `first` (or `last`) times the cost of one of its
// nodes, and a mutation 10. The requested cost is computed from the document before
// it runs; the actual cost from what it returned (a connection's nodes as returned),
// never more than the requested one.
import {
  getNamedType,
  GraphQLInt,
  isAbstractType,
  isCompositeType,
  isLeafType,
  isListType,
  getNullableType,
  Kind,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

export const MUTATION_COST = 10;

/** The document's fragments by name. */
export const fragmentsOf = (document: DocumentNode): Record<string, FragmentDefinitionNode> =>
  Object.fromEntries(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : [],
    ),
  );

interface Context {
  schema: GraphQLSchema;
  /** Costing what ran (each field's data given) rather than what was asked. */
  running: boolean;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** A connection field: its type is a `…Connection` and it pages with `first`/`last`. */
export const isConnectionField = (field: GraphQLField<unknown, unknown>) =>
  getNamedType(field.type).name.endsWith("Connection") && field.args.some((arg) => arg.name === "first");

/** The page size a connection field asks for (`first`, else `last`), or null when it gives neither. */
export function pageSize(node: FieldNode, variables: Record<string, unknown>): number | null {
  for (const name of ["first", "last"]) {
    const arg = node.arguments?.find((candidate) => candidate.name.value === name);
    if (!arg) continue;
    const value = valueFromAST(arg.value, GraphQLInt, variables);
    if (typeof value === "number") return value;
  }
  return null;
}

function fieldOf(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return "getFields" in parent ? (parent.getFields()[name] as GraphQLField<unknown, unknown> | undefined) : undefined;
}

/** Each selected field with the type it is selected on, fragments flattened; abstract parents group fields by fragment. */
function selections(
  context: Context,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
): { common: FieldNode[]; branches: { type: GraphQLCompositeType; selectionSet: SelectionSetNode }[] } {
  const common: FieldNode[] = [];
  const branches: { type: GraphQLCompositeType; selectionSet: SelectionSetNode }[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) common.push(selection);
    else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : context.fragments[selection.name.value];
      if (!fragment) continue;
      const type = fragment.typeCondition ? (context.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType) : parent;
      branches.push({ type: type ?? parent, selectionSet: fragment.selectionSet });
    }
  }
  return { common, branches };
}

/** The cost of one object's selection, before it runs (`data` undefined) or as it returned (`data` the object). */
function selectionCost(
  context: Context,
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  data?: Record<string, unknown>,
): number {
  const { common, branches } = selections(context, selectionSet, parent);
  let cost = 0;
  for (const node of common) cost += fieldCost(context, node, parent, data?.[node.alias?.value ?? node.name.value]);
  const branchCosts = branches.map(({ type, selectionSet: inner }) => selectionCost(context, inner, type, data));
  if (branchCosts.length > 0) cost += isAbstractType(parent) ? Math.max(...branchCosts) : branchCosts.reduce((sum, each) => sum + each, 0);
  return cost;
}

function fieldCost(context: Context, node: FieldNode, parent: GraphQLCompositeType, data: unknown): number {
  if (node.name.value.startsWith("__")) return 0;
  const field = fieldOf(parent, node.name.value);
  if (!field || !node.selectionSet) return 0;
  const type = getNamedType(field.type);
  if (isLeafType(type) || !isCompositeType(type)) return 0;
  if (isConnectionField(field)) return connectionCost(context, node, type, data);
  const { running } = context;
  if (running && (data === null || data === undefined)) return 0;
  if (isListType(getNullableType(field.type))) {
    const elements = running ? (data as Record<string, unknown>[]).filter(Boolean) : [undefined];
    return elements.reduce((sum: number, element) => sum + 1 + selectionCost(context, node.selectionSet!, type, element), 0);
  }
  return 1 + selectionCost(context, node.selectionSet, type, running ? (data as Record<string, unknown>) : undefined);
}

/** 2, plus for each node asked (or returned) the cost of one node's selection; the connection's other fields once. */
function connectionCost(context: Context, node: FieldNode, type: GraphQLCompositeType, data: unknown): number {
  const { running } = context;
  if (running && (data === null || data === undefined)) return 0;
  const connection = data as Record<string, unknown> | undefined;
  let cost = 2;
  for (const selection of selections(context, node.selectionSet!, type).common) {
    const name = selection.name.value;
    const key = selection.alias?.value ?? name;
    const field = fieldOf(type, name);
    if (!field || !selection.selectionSet || name === "pageInfo") continue;
    const elementType = getNamedType(field.type) as GraphQLCompositeType;
    if (name === "nodes" || name === "edges") {
      const perElement = (element?: Record<string, unknown>) =>
        name === "nodes"
          ? 1 + selectionCost(context, selection.selectionSet!, elementType, element)
          : selectionCost(context, selection.selectionSet!, elementType, element);
      if (running)
        cost += ((connection?.[key] as Record<string, unknown>[] | undefined) ?? []).reduce((sum, element) => sum + perElement(element), 0);
      else cost += (pageSize(node, context.variables) ?? 0) * perElement();
    } else cost += fieldCost(context, selection, type, running ? connection?.[key] : undefined);
  }
  return cost;
}

export interface OperationCost {
  requested: number;
  /** From the answer's data; null before it ran. */
  actual(data: Record<string, unknown> | null | undefined): number;
}

/** The cost of running `operation` with `variables`, as Shopify calculates it. */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): OperationCost {
  const context: Context = { schema, fragments, variables, running: false };
  if (operation.operation === "mutation") {
    const count = operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD).length;
    return { requested: MUTATION_COST * count, actual: () => MUTATION_COST * count };
  }
  const root = schema.getQueryType()!;
  const requested = selectionCost(context, operation.selectionSet, root);
  return {
    requested,
    actual: (data) => (data ? Math.min(requested, selectionCost({ ...context, running: true }, operation.selectionSet, root, data)) : 0),
  };
}
