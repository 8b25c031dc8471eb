// npm run shopify:check: every GraphQL document of the app against Shopify's published
// schemas (scripts/shopify-documents.ts). Exits 1 when the pinned version would refuse
// one (or one is not listed); what the next version would break is printed, not fatal.
import { NEXT_VERSION, PINNED_VERSION } from "../stubs/shopify-graphql/schemas";
import { checkShopifyDocuments, type DocumentReport } from "./shopify-documents";

const { pinned, next, unlisted } = checkShopifyDocuments();

const line = (report: DocumentReport) =>
  `  ${report.problems.length ? "✗" : "✓"} ${report.name} [${report.api}]${report.requestedCost !== null ? ` — cost ${report.requestedCost}` : ""}`;

console.log(`Shopify API ${PINNED_VERSION} (pinned):`);
for (const report of pinned) {
  console.log(line(report));
  for (const problem of report.problems) console.log(`      ${problem}`);
  for (const deprecation of report.deprecations) console.log(`      deprecated: ${deprecation}`);
}
if (unlisted.length > 0) {
  console.log("\nDocuments in app/ missing from app/adapters/shopify/graphql-documents.ts (unchecked):");
  for (const entry of unlisted) console.log(`  ✗ ${entry}`);
}

const breaking = next.filter((report) => report.problems.length > 0);
const deprecated = next.filter((report) => report.deprecations.length > 0 && report.problems.length === 0);
console.log(
  `\nUpgrading to ${NEXT_VERSION} would break ${breaking.length} document(s)${deprecated.length ? `, and use deprecated fields in ${deprecated.length}` : ""}:`,
);
for (const report of breaking) {
  console.log(`  ✗ ${report.name} [${report.api}]`);
  for (const problem of report.problems) console.log(`      ${problem}`);
}
for (const report of deprecated) {
  console.log(`  ! ${report.name} [${report.api}]`);
  for (const deprecation of report.deprecations) console.log(`      deprecated: ${deprecation}`);
}
if (breaking.length === 0 && deprecated.length === 0) console.log("  nothing");

const failed = pinned.filter((report) => report.problems.length > 0).length + unlisted.length;
console.log(failed ? `\n${failed} problem(s) with ${PINNED_VERSION}.` : `\nEvery document is valid for ${PINNED_VERSION}.`);
process.exit(failed ? 1 : 0);
