import type { OperationExamples } from "./openapi-examples.server";

interface SampleParameter {
  name: string;
  in: string;
}

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command for an operation, filled in from its examples: the request example
 * every operation shows, GETs included (Redoc's x-codeSamples).
 */
export function curlSample(
  serverUrl: string,
  method: string,
  path: string,
  parameters: SampleParameter[],
  examples: OperationExamples | undefined,
  secured: boolean,
) {
  const values = examples?.parameters ?? {};
  const filledPath = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? `<${name}>`)));
  const query = new URLSearchParams(
    parameters
      .filter((parameter) => parameter.in === "query" && values[parameter.name] !== undefined)
      .map((parameter) => [parameter.name, String(values[parameter.name])]),
  ).toString();
  const body = examples?.requests ? Object.values(examples.requests)[0]?.value : undefined;
  const lines = [
    `curl -sS${method === "GET" ? "" : ` -X ${method}`} ${shellQuoted(`${serverUrl}${filledPath}${query ? `?${query}` : ""}`)}`,
    ...(secured ? [`-H "Authorization: Bearer $TWIN_CARDS_API_KEY"`] : []),
    ...(body === undefined
      ? []
      : [`-H "Content-Type: application/json"`, `-H "Idempotency-Key: $(uuidgen)"`, `-d ${shellQuoted(JSON.stringify(body))}`]),
  ];
  return [{ lang: "Shell", label: "curl", source: lines.join(" \\\n  ") }];
}
