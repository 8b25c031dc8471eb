// One Shopify GraphQL endpoint as the stubs play it: every document is parsed and
// validated against the published schema and refused in Shopify's words when it
// is invalid; a valid one is priced (Admin API: calculated query cost, THROTTLED
// when the shop's bucket is short) and executed with graphql-js over the stub's
// data, so whatever the stub answers has the schema's fields, types, nullability
// and connection shapes. Anything the execution itself refuses is the stub's own
// fault, kept in `faults` for the tests to see.
import {
  execute,
  Kind,
  parse,
  validate,
  visit,
  TypeInfo,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { fragmentsOf, isConnectionField, operationCost, pageSize } from "./query-cost";
import { parseError, validationErrors, type ShopifyError } from "./shopify-errors";
import { SINGLE_QUERY_MAX_COST, type GraphqlCall, type Throttle } from "./throttle";

const RATE_LIMITS_DOC = "https://shopify.dev/api/usage/rate-limits";

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlAnswer {
  status: number;
  body: { data?: unknown; errors?: ShopifyError[]; extensions?: Record<string, unknown> };
}

export interface EndpointOptions {
  api: GraphqlCall["api"];
  schema: GraphQLSchema;
  /** The Admin API's rate limit; the Storefront API has none. */
  throttle?: Throttle;
  /** Where every call is logged. */
  log: GraphqlCall[];
  /** What the stub answered that the schema refuses (a resolver's fault, never the app's). */
  faults: { operation: string | null; errors: string[] }[];
}

/** Connections asked without `first` or `last`: Shopify refuses them before running anything. */
function unpagedConnections(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): ShopifyError[] {
  const errors: ShopifyError[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const field = typeInfo.getFieldDef();
        if (field && isConnectionField(field) && pageSize(node, variables) === null)
          errors.push({
            message: "you must provide one of first or last",
            locations: node.loc ? [{ line: node.loc.startToken.line, column: node.loc.startToken.column }] : undefined,
            path: [node.name.value],
          });
      },
    }),
  );
  return errors;
}

const operationName = (operation: OperationDefinitionNode | undefined) => operation?.name?.value ?? null;

export function createGraphqlEndpoint(options: EndpointOptions) {
  const { schema, throttle, log, faults, api } = options;

  function record(shop: string | undefined, operation: string | null, fields: Partial<GraphqlCall>) {
    log.push({
      at: new Date().toISOString(),
      api,
      shop,
      operation,
      requestedQueryCost: null,
      actualQueryCost: null,
      refused: null,
      ...fields,
    });
  }

  return {
    /** Shopify's answer to `request` from `shop`, `rootValue` holding the stub's data (fields, or functions of their arguments). */
    async answer(
      request: GraphqlRequest,
      shop: string | undefined,
      rootValue: (operation: "query" | "mutation") => unknown,
    ): Promise<GraphqlAnswer> {
      const variables = (request.variables && typeof request.variables === "object" ? request.variables : {}) as Record<string, unknown>;
      let document: DocumentNode;
      try {
        document = parse(typeof request.query === "string" ? request.query : "");
      } catch (error) {
        record(shop, null, { refused: "parseError" });
        return { status: 200, body: { errors: [parseError(error as GraphQLError)] } };
      }
      const operations = document.definitions.filter(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      );
      const operation =
        typeof request.operationName === "string"
          ? operations.find((candidate) => candidate.name?.value === request.operationName)
          : operations[0];
      const name = operationName(operation);
      const refused = validate(schema, document);
      const invalid = refused.length > 0 ? validationErrors(document, refused) : unpagedConnections(schema, document, variables);
      if (invalid.length > 0 || !operation) {
        const errors =
          invalid.length > 0 ? invalid : [{ message: "An operation name is required", extensions: { code: "operationNotFound" } }];
        record(shop, name, { refused: String(errors[0]?.extensions?.code ?? "invalid") });
        return { status: 200, body: { errors } };
      }
      const fragments = fragmentsOf(document);
      const cost = throttle ? operationCost(schema, operation, fragments, variables) : null;
      const shopKey = shop ?? "";
      if (throttle && cost) {
        if (cost.requested > SINGLE_QUERY_MAX_COST) {
          record(shop, name, { requestedQueryCost: cost.requested, refused: "MAX_COST_EXCEEDED" });
          return {
            status: 200,
            body: {
              errors: [
                {
                  message: `Query cost is ${cost.requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).\n\nSee ${RATE_LIMITS_DOC} for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/api/usage/bulk-operations/queries for usage details.\n`,
                  extensions: {
                    code: "MAX_COST_EXCEEDED",
                    cost: cost.requested,
                    maxCost: SINGLE_QUERY_MAX_COST,
                    documentation: RATE_LIMITS_DOC,
                  },
                },
              ],
            },
          };
        }
        if (!throttle.take(shopKey, cost.requested)) {
          record(shop, name, { requestedQueryCost: cost.requested, refused: "THROTTLED" });
          return {
            status: 200,
            body: {
              errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: RATE_LIMITS_DOC } }],
              extensions: { cost: { requestedQueryCost: cost.requested, actualQueryCost: null, throttleStatus: throttle.status(shopKey) } },
            },
          };
        }
      }
      const result = await execute({
        schema,
        document,
        operationName: name ?? undefined,
        variableValues: variables,
        rootValue: rootValue(operation.operation === "mutation" ? "mutation" : "query"),
      });
      const data = (result.data ?? null) as Record<string, unknown> | null;
      const errors = result.errors?.map((error) => ({
        message: error.message,
        ...(error.locations ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
        ...(error.path ? { path: [...error.path] } : {}),
      }));
      // A variable of the wrong type is the app's fault (Shopify refuses it too); anything else is the stub's.
      const appFault = result.errors?.every((error) => !error.path) ?? true;
      if (errors && !appFault)
        faults.push({ operation: name, errors: errors.map((error) => `${error.path?.join(".")}: ${error.message}`) });
      const actual = cost?.actual(data) ?? null;
      if (throttle && cost) throttle.refund(shopKey, cost.requested - (actual ?? 0));
      record(shop, name, {
        requestedQueryCost: cost?.requested ?? null,
        actualQueryCost: actual,
        refused: errors && appFault ? "invalidVariables" : null,
      });
      return {
        status: 200,
        body: {
          ...(errors ? { errors } : {}),
          ...(result.data !== undefined ? { data } : {}),
          ...(throttle && cost
            ? {
                extensions: {
                  cost: { requestedQueryCost: cost.requested, actualQueryCost: actual, throttleStatus: throttle.status(shopKey) },
                },
              }
            : {}),
        },
      };
    },
  };
}

export type GraphqlEndpoint = ReturnType<typeof createGraphqlEndpoint>;
