import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf, brokenLinks, projectPages } from "../../scripts/docs-links";

/*
 * The project's Markdown pages link to each other, to their headings and to
 * files of the repository: every relative link of README.md, docs/ (with its
 * decisions), extensions/README.md and client/README.md must resolve, so a
 * page or heading moved or renamed cannot leave a reader at a dead link.
 * `npm run lint` (and so CI) runs the same check (scripts/docs-links.ts).
 */

describe("relative links in the project's Markdown pages", () => {
  it("each name a file that exists, and a heading of it that exists", () => {
    const pages = projectPages(".");
    expect(pages).toEqual(expect.arrayContaining(["README.md", "docs/decisions/README.md", "extensions/README.md", "client/README.md"]));
    expect(brokenLinks(".", pages)).toEqual([]);
  });
});

describe("the docs link check", () => {
  const root = mkdtempSync(path.join(tmpdir(), "docs-links-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names the page and line of a link to a missing file or heading, and accepts the ones that resolve", () => {
    mkdirSync(path.join(root, "docs"));
    writeFileSync(
      path.join(root, "docs/target.md"),
      '# Target page\n\n## Billing plans\n\n## Billing plans\n\n### `npm test` and <b>CI</b>\n\n<a id="test-mode"></a>Test mode\n',
    );
    writeFileSync(
      path.join(root, "README.md"),
      [
        "# Readme",
        "[ok](docs/target.md) [ok](docs/target.md#billing-plans) [ok](docs/target.md#billing-plans-1)",
        "[ok](docs/target.md#npm-test-and-ci) [ok](docs/target.md#test-mode) [ok](#readme) [ok](https://example.com/x.md)",
        "```",
        "[not a link](docs/nowhere.md)",
        "```",
        "[gone](docs/nowhere.md)",
        "",
        "[no heading](docs/target.md#pricing) and [no heading here](#nothing)",
      ].join("\n"),
    );
    expect(brokenLinks(root, ["README.md"])).toEqual([
      { page: "README.md", line: 7, target: "docs/nowhere.md", reason: "no file docs/nowhere.md" },
      { page: "README.md", line: 9, target: "docs/target.md#pricing", reason: "no heading #pricing in docs/target.md" },
      { page: "README.md", line: 9, target: "#nothing", reason: "no heading #nothing in README.md" },
    ]);
  });

  it("names headings as GitHub does: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    expect([...anchorsOf("# The shopper's path\n## Import and export (CSV)\n## Import and export (CSV)\n## Ünïcode — ok?\n")]).toEqual([
      "the-shoppers-path",
      "import-and-export-csv",
      "import-and-export-csv-1",
      "ünïcode--ok",
    ]);
  });
});
