// How Shopify answers a document its schema refuses: HTTP 200 with `errors[]`, each
// with graphql-ruby's `message`, `locations`, `path` (the operation, then the field
// names down to the culprit) and `extensions.code` (`undefinedField`,
// `argumentNotAccepted`, …), as the Admin and Storefront APIs answer. graphql-js finds
// the fault; this says it in Shopify's words.
import { Kind, visit, type ASTNode, type DocumentNode, type GraphQLError } from "graphql";

export interface ShopifyError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** Each AST node of the document with its graphql-ruby path: ["query Name", "field", "... on Type", …]. */
function pathsOf(document: DocumentNode): Map<ASTNode, string[]> {
  const paths = new Map<ASTNode, string[]>();
  const stack: string[] = [];
  visit(document, {
    enter(node) {
      if (node.kind === Kind.OPERATION_DEFINITION) stack.push(`${node.operation}${node.name ? ` ${node.name.value}` : ""}`);
      else if (node.kind === Kind.FRAGMENT_DEFINITION) stack.push(`fragment ${node.name.value}`);
      else if (node.kind === Kind.FIELD) stack.push(node.alias?.value ?? node.name.value);
      else if (node.kind === Kind.INLINE_FRAGMENT) stack.push(`... on ${node.typeCondition?.name.value ?? ""}`);
      paths.set(node, [...stack]);
    },
    leave(node) {
      if ([Kind.OPERATION_DEFINITION, Kind.FRAGMENT_DEFINITION, Kind.FIELD, Kind.INLINE_FRAGMENT].includes(node.kind as never)) stack.pop();
    },
  });
  return paths;
}

const unquote = (name: string) => name.replace(/^\$/, "");
const bare = (type: string | undefined) => (type ?? "").replace(/[[\]!]/g, "");

/** graphql-js's message → graphql-ruby's message and extensions (Shopify's), for the faults a document can have. */
function shopifyWording(message: string): { message: string; extensions: Record<string, unknown> } {
  let match = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(message);
  if (match)
    return {
      message: `Field '${match[1]}' doesn't exist on type '${match[2]}'`,
      extensions: { code: "undefinedField", typeName: match[2], fieldName: match[1] },
    };
  match = /^Unknown argument "(\w+)" on field "\w+\.(\w+)"/.exec(message);
  if (match)
    return {
      message: `Field '${match[2]}' doesn't accept argument '${match[1]}'`,
      extensions: { code: "argumentNotAccepted", name: match[2], typeName: "Field", argumentName: match[1] },
    };
  match = /^Field "(\w+)" argument "(\w+)" of type "([^"]+)" is required, but it was not provided/.exec(message);
  if (match)
    return {
      message: `Field '${match[1]}' is missing required arguments: ${match[2]}`,
      extensions: { code: "missingRequiredArguments", className: "Field", name: match[1], arguments: match[2] },
    };
  match = /^Field "(\w+)" of type "([^"]+)" must have a selection of subfields/.exec(message);
  if (match)
    return {
      message: `Field must have selections (field '${match[1]}' returns ${bare(match[2])} but has no selections. Did you mean '${match[1]} { ... }'?)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${match[1]}'`, typeName: bare(match[2]) },
    };
  match = /^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields/.exec(message);
  if (match)
    return {
      message: `Selections can't be made on scalars (field '${match[1]}' returns ${bare(match[2])} but has selections)`,
      extensions: { code: "selectionMismatch", nodeName: `field '${match[1]}'`, typeName: bare(match[2]) },
    };
  match = /^Variable "(\$\w+)" is not defined(?: by operation "(\w+)")?/.exec(message);
  if (match)
    return {
      message: `Variable ${match[1]} is used by ${match[2] ?? "anonymous query"} but not declared`,
      extensions: { code: "variableNotDefined", variableName: unquote(match[1]!) },
    };
  match = /^Variable "(\$\w+)" is never used(?: in operation "(\w+)")?/.exec(message);
  if (match)
    return {
      message: `Variable ${match[1]} is declared by ${match[2] ?? "anonymous query"} but not used`,
      extensions: { code: "variableNotUsed", variableName: unquote(match[1]!) },
    };
  match = /^Variable "(\$\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"/.exec(message);
  if (match)
    return {
      message: `Nullability mismatch on variable ${match[1]} and argument (${match[2]} / ${match[3]})`,
      extensions: { code: "variableMismatch", variableName: unquote(match[1]!), typeName: match[2], errorMessage: "Type mismatch" },
    };
  match = /^Unknown type "(\w+)"/.exec(message);
  if (match)
    return {
      message: `No such type ${match[1]}, so it can't be a fragment condition`,
      extensions: { code: "undefinedType", typeName: match[1] },
    };
  match = /^(?:Enum "(\w+)" cannot represent[^:]*: (.+?)\.|Expected value of type "([^"]+)", found (.+?)[;.])/.exec(message);
  if (match)
    return {
      message: `Argument has an invalid value (${match[2] ?? match[4]}). Expected type '${match[1] ?? bare(match[3]!)}'.`,
      extensions: { code: "argumentLiteralsIncompatible", typeName: "Field" },
    };
  return { message, extensions: { code: "invalidDocument" } };
}

/** The schema's refusals, as Shopify words them. */
export function validationErrors(document: DocumentNode, errors: readonly GraphQLError[]): ShopifyError[] {
  const paths = pathsOf(document);
  return errors.map((error) => {
    const { message, extensions } = shopifyWording(error.message);
    const node = error.nodes?.[0];
    return {
      message,
      ...(error.locations ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
      ...(node && paths.has(node) ? { path: paths.get(node)! } : {}),
      extensions,
    };
  });
}

/** A document that does not parse. */
export const parseError = (error: GraphQLError): ShopifyError => ({
  message: error.message.replace(/^Syntax Error: /, "Parse error: "),
  ...(error.locations ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
  extensions: { code: "parseError" },
});
