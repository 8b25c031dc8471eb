import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * client/README.md's TypeScript examples compile against the package's source,
 * strict, as an integrator would paste them. Names an example uses without
 * defining them (the walkthrough's client, a batch's cards) are declared
 * once for all, so each example stays as short as the README wants it. The
 * walkthrough is also run, from the installed tarball, by client-pack.test.ts.
 */

const GIVEN = `import type { CreateUnitCardBatchInput, CreateUnitCardInput, TwinCardsClient } from "@twin-cards/client";
declare global {
  const client: TwinCardsClient;
  const cards: CreateUnitCardBatchInput["cards"];
  const input: CreateUnitCardInput;
  const order: { id: number };
  const line: { id: number };
}
`;

let directory: string;

function compile(files: string[]): ts.Diagnostic[] {
  const program = ts.createProgram(files, {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    baseUrl: path.resolve("."),
    paths: { "@twin-cards/client": ["client/src/index.ts"] },
  });
  return [...ts.getPreEmitDiagnostics(program)].filter(
    (diagnostic) => diagnostic.file && files.includes(path.resolve(diagnostic.file.fileName)),
  );
}

/** The TypeScript blocks of a Markdown file. */
const typeScriptBlocks = (file: string) => [...readFileSync(file, "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);

describe("the client's TypeScript examples in client/README.md and docs/api.md", () => {
  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), "twin-cards-client-readme-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("compile against the package", () => {
    const blocks = typeScriptBlocks("client/README.md");
    // docs/api.md's only TypeScript is its client package section (moved there from README.md).
    const rootBlocks = typeScriptBlocks("docs/api.md");
    writeFileSync(path.join(directory, "given.ts"), `${GIVEN}export {};\n`);
    const files = [...blocks, ...rootBlocks].map((block, index) => {
      const file = path.join(
        directory,
        index < blocks.length ? `client-readme-${index + 1}.ts` : `api-guide-${index - blocks.length + 1}.ts`,
      );
      writeFileSync(file, `${block}\nexport {};\n`);
      return file;
    });

    const diagnostics = compile([path.join(directory, "given.ts"), ...files]);

    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(rootBlocks.join("")).toContain("@twin-cards/client");
    expect(
      diagnostics.map((diagnostic) => {
        const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        return `${path.basename(diagnostic.file!.fileName)}:${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
      }),
    ).toEqual([]);
  });
});
