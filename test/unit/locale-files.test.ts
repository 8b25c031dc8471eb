import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// JSON keeps the last of two equal keys without a word: two branches each adding `my_cards.gift_sent`
// once left the theme block saying the proxy page's long sentence. Every locale file, each key once per object.
const FOLDERS = ["app/faces/admin/i18n/locales", ...readdirSync("extensions").map((name) => path.join("extensions", name, "locales"))];
const files = FOLDERS.flatMap((folder) => {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
});

/** The keys written twice in one object of `text` (JSON.parse keeps the last and cannot tell). */
function repeatedKeys(text: string): string[] {
  const repeated: string[] = [];
  const objects: Set<string>[] = [];
  // Strings are matched whole, so braces inside a value ("{{ to }}") are never taken for an object.
  for (const [token, name, key] of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}]/g)) {
    if (token === "{") objects.push(new Set());
    else if (token === "}") objects.pop();
    else if (key) {
      const keys = objects.at(-1)!;
      if (keys.has(name!)) repeated.push(name!);
      keys.add(name!);
    }
  }
  return repeated;
}

describe("locale files", () => {
  it("are found", () => {
    expect(files.length).toBeGreaterThan(6);
  });

  it.each(files)("%s names each key once in each object", (file) => {
    expect(repeatedKeys(readFileSync(file, "utf8"))).toEqual([]);
  });
});
