// The check behind `npm run shopify:check` (and its unit test): every GraphQL
// document the app sends (app/adapters/shopify/graphql-documents.ts) against
// Shopify's published schema of the pinned version and of the next one — valid,
// within the single query cost limit, a bulk query within the bulk limits — and
// no `#graphql` document in app/ left out of that list.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Kind, NoDeprecatedCustomRule, parse, specifiedRules, validate, type OperationDefinitionNode } from "graphql";
import { SHOPIFY_DOCUMENTS, type ShopifyDocument } from "../app/adapters/shopify/graphql-documents";
import { bulkQueryErrors } from "../stubs/shopify-graphql/bulk-query-shape";
import { fragmentsOf, operationCost } from "../stubs/shopify-graphql/query-cost";
import { NEXT_VERSION, PINNED_VERSION, shopifySchema } from "../stubs/shopify-graphql/schemas";
import { validationErrors } from "../stubs/shopify-graphql/shopify-errors";
import { SINGLE_QUERY_MAX_COST } from "../stubs/shopify-graphql/throttle";

export interface DocumentReport {
  name: string;
  api: ShopifyDocument["api"];
  version: string;
  /** What Shopify would refuse. */
  problems: string[];
  /** Fields the version marks deprecated (they still work). */
  deprecations: string[];
  /** The Admin API's calculated cost with the largest variables the app sends. */
  requestedCost: number | null;
}

/** One document against one version. */
export function checkDocument(entry: ShopifyDocument, version: string): DocumentReport {
  const schema = shopifySchema(entry.api, version);
  const report: DocumentReport = { name: entry.name, api: entry.api, version, problems: [], deprecations: [], requestedCost: null };
  if (entry.bulk) {
    report.problems.push(...bulkQueryErrors(schema, entry.document).map((error) => `bulk query: ${error.message}`));
    return report;
  }
  let document;
  try {
    document = parse(entry.document);
  } catch (error) {
    report.problems.push((error as Error).message);
    return report;
  }
  const refused = validate(schema, document, specifiedRules);
  report.problems.push(
    ...validationErrors(document, refused).map((error) => `${error.message}${error.path ? ` (at ${error.path.join(" › ")})` : ""}`),
  );
  if (refused.length > 0) return report;
  report.deprecations.push(...new Set(validate(schema, document, [NoDeprecatedCustomRule]).map((error) => error.message)));
  if (entry.api === "admin") {
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    )!;
    const fragments = fragmentsOf(document);
    report.requestedCost = operationCost(schema, operation, fragments, entry.variables ?? {}).requested;
    if (report.requestedCost > SINGLE_QUERY_MAX_COST)
      report.problems.push(
        `costs ${report.requestedCost} points, over Shopify's single query limit of ${SINGLE_QUERY_MAX_COST} (MAX_COST_EXCEEDED)`,
      );
  }
  return report;
}

/** `#graphql` documents in app/ whose operation is not in the list (file and operation name). */
export function unlistedDocuments(appDir = join(import.meta.dirname, "../app")): string[] {
  const listed = new Set(
    SHOPIFY_DOCUMENTS.flatMap((entry) => [...entry.document.matchAll(/\b(?:query|mutation)\s+(\w+)/g)].map((match) => match[1]!)),
  );
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/#graphql\s+(?:query|mutation)\s+(\w+)/g))
          if (!listed.has(match[1]!)) found.push(`${path.slice(appDir.length + 1)}: ${match[1]}`);
      }
    }
  };
  walk(appDir);
  return found;
}

/** Every listed document against the pinned version and the next one. */
export function checkShopifyDocuments(): { pinned: DocumentReport[]; next: DocumentReport[]; unlisted: string[] } {
  return {
    pinned: SHOPIFY_DOCUMENTS.map((entry) => checkDocument(entry, PINNED_VERSION)),
    next: SHOPIFY_DOCUMENTS.map((entry) => checkDocument(entry, NEXT_VERSION)),
    unlisted: unlistedDocuments(),
  };
}
