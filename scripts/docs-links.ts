import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * Every relative link of the project's Markdown pages resolves: the file it
 * names exists, and a `#heading` after it (or alone, into the same page) is a
 * heading of that page, as GitHub names it, or an explicit `<a id="…">`.
 * Links to other sites are not fetched (CI runs offline). Run by `npm run lint`;
 * a broken link fails with `file:line`.
 */

export interface BrokenLink {
  page: string;
  line: number;
  target: string;
  reason: string;
}

/** The pages checked: the README, docs/ with its decisions, and the READMEs of the extensions and the client package. */
export function projectPages(root: string): string[] {
  const markdownIn = (folder: string): string[] =>
    readdirSync(path.join(root, folder)).flatMap((name) => {
      const relative = path.join(folder, name);
      if (statSync(path.join(root, relative)).isDirectory()) return markdownIn(relative);
      return name.endsWith(".md") ? [relative] : [];
    });
  return ["README.md", ...markdownIn("docs"), "extensions/README.md", "client/README.md"];
}

/** The page with code blocks and code spans blanked out, line breaks kept (so line numbers stay right). */
function prose(markdown: string): string {
  const blank = (code: string) => code.replace(/[^\n]/g, " ");
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, blank).replace(/`[^`\n]*`/g, blank);
}

/** The inline links and images of a page, `[text](target)`, with their line numbers. */
function links(markdown: string): { target: string; line: number }[] {
  const text = prose(markdown);
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => ({
    target: match[1]!,
    line: text.slice(0, match.index).split("\n").length,
  }));
}

/**
 * The anchors a page offers: each heading as GitHub names it (its text in lower
 * case, punctuation dropped, spaces as hyphens, a repeated one with `-1`, `-2`…)
 * and each explicit `id`/`name` of an HTML element.
 */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = prose(markdown.replace(/`([^`\n]*)`/g, "$1"));
  for (const [, heading] of markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const words = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/[*`]|(?<!\w)_|_(?!\w)/g, "");
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of text.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(id!);
  return anchors;
}

/** Every relative link of `pages` (paths from `root`) that names no file, or a heading its page does not have. */
export function brokenLinks(root: string, pages: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(path.join(root, file), "utf8")));
    return anchorCache.get(file)!;
  };
  for (const page of pages) {
    for (const { target, line } of links(readFileSync(path.join(root, page), "utf8"))) {
      // Another site (http:, mailto:, …) is not ours to check offline.
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue;
      const [pathPart = "", hash] = target.split("#", 2) as [string, string | undefined];
      const name = decodeURIComponent(pathPart.replace(/\?.*$/, ""));
      const file = name === "" ? page : name.startsWith("/") ? name.slice(1) : path.join(path.dirname(page), name);
      if (!existsSync(path.join(root, file))) {
        broken.push({ page, line, target, reason: `no file ${file}` });
        continue;
      }
      if (!hash || !file.endsWith(".md")) continue;
      if (!anchors(file).has(decodeURIComponent(hash))) broken.push({ page, line, target, reason: `no heading #${hash} in ${file}` });
    }
  }
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const broken = brokenLinks(root, projectPages(root));
  for (const link of broken) console.error(`${link.page}:${link.line}: broken link ${link.target} (${link.reason})`);
  if (broken.length > 0) {
    console.error(`docs-links: ${broken.length} broken relative link${broken.length === 1 ? "" : "s"}`);
    process.exit(1);
  }
}
