// Runs a bulk query as Shopify does and writes its JSONL: the query is executed
// with every connection unpaged, then each node of each connection becomes one
// line, its plain fields inline, and a node of a nested connection names the node
// it belongs to in `__parentId` (shopify.dev, "Perform bulk operations with the
// GraphQL Admin API": the JSONL format). Parents come before their children.
import {
  execute,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  parse,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { fragmentsOf, isConnectionField } from "./query-cost";

type Row = Record<string, unknown>;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
}

/** The fields selected on `parent` (fragments flattened), with the type each is looked up on. */
function fieldsOf(walk: Walk, selectionSet: SelectionSetNode, parent: GraphQLCompositeType) {
  const fields: { key: string; name: string; selectionSet?: SelectionSetNode; on: GraphQLCompositeType }[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD)
      fields.push({
        key: selection.alias?.value ?? selection.name.value,
        name: selection.name.value,
        selectionSet: selection.selectionSet,
        on: parent,
      });
    else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments[selection.name.value];
      if (!fragment) continue;
      const type = fragment.typeCondition ? (walk.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType) : parent;
      fields.push(...fieldsOf(walk, fragment.selectionSet, type ?? parent));
    }
  }
  return fields;
}

/** A connection's node selection and type: `nodes { … }` or `edges { node { … } }`. */
function nodeSelection(walk: Walk, selectionSet: SelectionSetNode, connectionType: GraphQLCompositeType) {
  for (const field of fieldsOf(walk, selectionSet, connectionType)) {
    const definition = "getFields" in connectionType ? connectionType.getFields()[field.name] : undefined;
    if (!definition || !field.selectionSet) continue;
    const type = getNamedType(definition.type) as GraphQLCompositeType;
    if (field.name === "nodes") return { key: field.key, via: "nodes" as const, selectionSet: field.selectionSet, type };
    if (field.name === "edges") {
      const node = fieldsOf(walk, field.selectionSet, type).find((candidate) => candidate.name === "node");
      const nodeType = "getFields" in type ? (getNamedType(type.getFields().node!.type) as GraphQLCompositeType) : type;
      if (node?.selectionSet)
        return { key: field.key, nodeKey: node.key, via: "edges" as const, selectionSet: node.selectionSet, type: nodeType };
    }
  }
  return null;
}

/** `data`'s plain fields as one line; the nodes of its connections pushed to `children` (after it), naming `ownerId`. */
function flatten(
  walk: Walk,
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  data: Row,
  ownerId: unknown,
  children: Row[],
): Row {
  const row: Row = {};
  for (const field of fieldsOf(walk, selectionSet, type)) {
    if (!(field.key in data)) continue;
    const value = data[field.key];
    const definition = "getFields" in field.on ? field.on.getFields()[field.name] : undefined;
    const fieldType = definition && getNamedType(definition.type);
    if (!definition || !field.selectionSet || !fieldType || !isCompositeType(fieldType) || value === null) {
      row[field.key] = value;
      continue;
    }
    const owner = data.id ?? ownerId;
    if (isConnectionField(definition as never)) {
      const nodes = nodeSelection(walk, field.selectionSet, fieldType);
      if (!nodes) continue;
      const connection = value as Row;
      const elements =
        nodes.via === "nodes"
          ? ((connection[nodes.key] as Row[]) ?? [])
          : ((connection[nodes.key] as Row[]) ?? []).map((edge) => edge[nodes.nodeKey!] as Row);
      for (const element of elements) {
        const grandchildren: Row[] = [];
        children.push({ ...flatten(walk, nodes.selectionSet, nodes.type, element, element.id, grandchildren), __parentId: owner });
        children.push(...grandchildren);
      }
    } else if (isListType(getNullableType(definition.type)))
      row[field.key] = (value as Row[]).map((element) => flatten(walk, field.selectionSet!, fieldType, element, owner, children));
    else row[field.key] = flatten(walk, field.selectionSet, fieldType, value as Row, owner, children);
  }
  return row;
}

/** The JSONL lines of `query` run over `rootValue`, and how many are top-level objects. */
export async function bulkJsonl(
  schema: GraphQLSchema,
  query: string,
  rootValue: unknown,
): Promise<{ lines: Row[]; rootObjectCount: number }> {
  const document = parse(query);
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const walk: Walk = {
    schema,
    fragments: fragmentsOf(document),
  };
  const result = await execute({ schema, document, rootValue });
  if (result.errors?.length)
    throw new Error(`The stub could not run the bulk query: ${result.errors.map((error) => error.message).join("; ")}`);
  const lines: Row[] = [];
  let rootObjectCount = 0;
  const root = schema.getQueryType()!;
  // Top-level connections' nodes are the root objects (no __parentId).
  for (const field of fieldsOf(walk, operation.selectionSet, root)) {
    const definition = root.getFields()[field.name];
    if (!definition || !field.selectionSet || !isConnectionField(definition as never)) continue;
    const nodes = nodeSelection(walk, field.selectionSet, getNamedType(definition.type) as GraphQLCompositeType);
    const connection = (result.data as Row)[field.key] as Row | null;
    if (!nodes || !connection) continue;
    const elements =
      nodes.via === "nodes"
        ? (connection[nodes.key] as Row[])
        : (connection[nodes.key] as Row[]).map((edge) => edge[nodes.nodeKey!] as Row);
    for (const element of elements) {
      const children: Row[] = [];
      lines.push(flatten(walk, nodes.selectionSet, nodes.type, element, element.id, children), ...children);
      rootObjectCount++;
    }
  }
  return { lines, rootObjectCount };
}
