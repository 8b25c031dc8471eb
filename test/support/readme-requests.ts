import { readFileSync } from "node:fs";
import { TwinCardsClient } from "@twin-cards/client";
import { readWalkthrough } from "../../scripts/walkthrough";

/** A request body the API guide (docs/api.md) shows, as TypeScript source, and the operation it is sent to. */
export interface ReadmeBody {
  /** Where it is in the guide, for failure messages. */
  label: string;
  method: "GET" | "POST";
  /** The path as the document writes it, e.g. /v1/unit-cards. */
  path: string;
  /** The body as a TypeScript expression (JSON, or the example's object literal). */
  source: string;
}

/**
 * One shell word from `start`, as the shell would pass it: quotes removed and each
 * `$VAR` read as the variable's name (the walkthrough splices values into JSON strings).
 */
function shellWord(text: string, start: number): string {
  let out = "";
  let index = start;
  while (index < text.length && !/[\s;)]/.test(text[index]!)) {
    const char = text[index]!;
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, index + 1);
      const quoted = text.slice(index + 1, end);
      out += char === '"' ? quoted.replace(/\$\{?(\w+)\}?/g, "$1") : quoted;
      index = end + 1;
    } else if (char === "$") {
      const variable = /^\$\{?(\w+)\}?/.exec(text.slice(index))!;
      out += variable[1];
      index += variable[0].length;
    } else if (char === "\\" && text[index + 1] === "\n") {
      break;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/** Every `curl ... -d '<json>'` of the guide's walkthrough: the JSON bodies a reader sends. */
export function walkthroughBodies(): ReadmeBody[] {
  const script = readWalkthrough();
  const calls = [...script.matchAll(/curl -s "\$API\/([^"?]+)"/g)];
  return calls.flatMap((call, index) => {
    const command = script.slice(call.index, calls[index + 1]?.index ?? script.length);
    const data = /\s-d\s+/.exec(command);
    if (!data) return [];
    const source = shellWord(command, data.index + data[0].length);
    return [{ label: `walkthrough: POST $API/${call[1]}`, method: "POST" as const, path: `/v1/${call[1]}`, source }];
  });
}

/** The object literal starting at `text[start]` (`{`), with strings skipped when counting braces. */
function objectLiteral(text: string, start: number): string {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === "`") {
      index = text.indexOf(char, index + 1);
    } else if (char === "{") {
      depth++;
    } else if (char === "}" && --depth === 0) {
      return text.slice(start, index + 1);
    }
  }
  throw new Error(`Unbalanced object literal at ${text.slice(start, start + 60)}`);
}

/** Which request a TwinCardsClient method (e.g. `cards.create`) sends, found by calling it with a fetch that only records. */
async function requestOf(method: string): Promise<{ method: "GET" | "POST"; path: string }> {
  let seen: { method: "GET" | "POST"; path: string } | undefined;
  const client = new TwinCardsClient({
    baseUrl: "http://127.0.0.1",
    apiKey: "tc_readme",
    maxRetries: 0,
    fetch: async (url, init) => {
      seen = { method: (init?.method ?? "GET") as "GET" | "POST", path: new URL(String(url)).pathname };
      return new Response("{}", { status: 500 });
    },
  });
  const names = method.split(".");
  const owner = names.slice(0, -1).reduce<unknown>((object, name) => (object as Record<string, unknown> | undefined)?.[name], client);
  const call = (owner as Record<string, unknown> | undefined)?.[names.at(-1)!];
  if (typeof call !== "function") throw new Error(`docs/api.md calls client.${method}, which TwinCardsClient does not have`);
  await (call as (input: unknown) => Promise<unknown>).call(owner, {}).catch(() => undefined);
  if (!seen) throw new Error(`client.${method} sent no request`);
  return seen;
}

/** Every `client.<resource>.<method>({ ... })` in the guide's TypeScript blocks, with the request it sends. */
export async function clientExampleBodies(readmePath = "docs/api.md"): Promise<ReadmeBody[]> {
  const readme = readFileSync(readmePath, "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const bodies: ReadmeBody[] = [];
  for (const block of blocks) {
    for (const call of block.matchAll(/\bclient\.([\w.]+)\(\s*\{/g)) {
      const source = objectLiteral(block, call.index + call[0].length - 1);
      bodies.push({ label: `client example: client.${call[1]}(...)`, ...(await requestOf(call[1]!)), source });
    }
  }
  return bodies;
}
