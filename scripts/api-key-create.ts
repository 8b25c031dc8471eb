// npm run -s api-key:create -- --shop <shop domain> [--name <label>]
// Prints only the new key on stdout, so a script can capture it; errors go to stderr.
import { parseArgs } from "node:util";
import { createApiKey } from "~/domain/api-keys.server";
import { DomainError } from "~/domain/errors";

const usage = "Usage: npm run -s api-key:create -- --shop <shop domain> [--name <label>]";

try {
  const { values } = parseArgs({ options: { shop: { type: "string" }, name: { type: "string" } } });
  if (!values.shop) throw new Error(usage);
  const { key } = await createApiKey({ shop: values.shop, label: values.name });
  process.stdout.write(`${key}\n`);
} catch (error) {
  const message = error instanceof DomainError
    ? error.details.map((detail) => `--${detail.path === "label" ? "name" : detail.path}: ${detail.message}`).join("\n")
    : (error as Error).message;
  process.stderr.write(`${message}\n${error instanceof DomainError ? usage + "\n" : ""}`);
  process.exitCode = 1;
}
