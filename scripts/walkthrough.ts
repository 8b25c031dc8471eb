import { readFileSync } from "node:fs";

const START = "<!-- walkthrough:start -->";
const END = "<!-- walkthrough:end -->";

/** The curl walkthrough of the API guide, docs/api.md (the bash block between the walkthrough markers). */
export function readWalkthrough(readmePath = "docs/api.md"): string {
  const readme = readFileSync(readmePath, "utf8");
  const section = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END));
  const match = /```bash\n([\s\S]*?)```/.exec(section);
  if (!readme.includes(START) || !match) throw new Error(`${readmePath} has no bash block between ${START} and ${END}`);
  return match[1]!;
}

/** The walkthrough for a running server: its address, and an existing key instead of creating one. */
export const forServer = (walkthrough: string, key: string, baseUrl: string) =>
  walkthrough.replace(/^KEY=\$\(npm run .*\)$/m, `KEY=${key}`).replaceAll("http://127.0.0.1:3000", baseUrl);
