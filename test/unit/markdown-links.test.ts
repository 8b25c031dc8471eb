import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The project's Markdown pages link to each other and to files of the repository:
 * every relative link of README.md, docs/*.md and docs/decisions/*.md must name a
 * file that exists, so a page moved or renamed cannot leave a reader at a dead link.
 * Links to other sites and to a heading of the same page (#…) are not checked, nor
 * the heading after a file's name.
 */

const markdownIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(folder, name));

const PAGES = ["README.md", ...markdownIn("docs"), ...markdownIn("docs/decisions")];

/** The targets of a page's inline links, `[text](target)`, leaving out code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** The file a relative target names, from the page it is on; undefined for another site or a heading of the same page. */
function linkedFile(page: string, target: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("#")) return undefined;
  const file = decodeURIComponent(target.replace(/[#?].*$/, ""));
  return file.startsWith("/") ? file.slice(1) : path.join(path.dirname(page), file);
}

describe("relative links in README.md and docs/", () => {
  it("each name a file that exists", () => {
    const checked: string[] = [];
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const target of linkTargets(readFileSync(page, "utf8"))) {
        const file = linkedFile(page, target);
        if (file === undefined) continue;
        checked.push(file);
        if (!existsSync(file)) broken.push(`${page}: ${target}`);
      }
    }
    expect(PAGES).toContain("docs/decisions/README.md");
    expect(checked.length).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});
