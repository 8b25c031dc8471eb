import { http } from "./api";
import type { Node, Operation, Validator } from "./openapi-document";

/** One request of an operation, as typed values (before they go on the wire). */
export interface ApiCall {
  params: Record<string, unknown>;
  body?: unknown;
  /** A raw body instead of JSON (to send something that is not JSON). */
  rawBody?: string;
  /** Leave out the API key. */
  anonymous?: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** The URL path and query of a call: path parameters filled in, query parameters appended. */
export function urlOf(operation: Operation, call: ApiCall): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = call.params[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    if (parameter.in === "query") query.append(parameter.name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export async function send(operation: Operation, call: ApiCall, key: string): Promise<Answer> {
  const headers = new Headers();
  for (const parameter of operation.parameters) {
    const value = call.params[parameter.name];
    if (parameter.in === "header" && value !== undefined) headers.set(parameter.name, String(value));
  }
  const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const response = await http(urlOf(operation, call), {
    method: operation.method.toUpperCase(),
    headers,
    body,
    key: operation.secured && !call.anonymous ? key : undefined,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the schema check below reports it.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * What is wrong with an answer by the document: a status the operation does
 * not list, a body its schema rejects, a required header missing. Empty when nothing.
 */
export function conformanceProblems(operation: Operation, answer: Answer, validate: Validator): string[] {
  const spec = operation.responses[String(answer.status)];
  if (!spec) return [`status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(", ")})`];
  const problems: string[] = [];
  if (spec.schema) {
    for (const error of validate(spec.schema, answer.body)) {
      problems.push(`${answer.status} body ${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);
    }
  }
  for (const header of spec.headers) {
    if (header.required && !answer.headers.has(header.name)) problems.push(`${answer.status} lacks the ${header.name} header`);
  }
  return problems;
}

/** The error envelope's details, or none. */
export function detailsOf(body: unknown): { path: string; message: string }[] {
  const error = (body as Node | null)?.error as Node | undefined;
  return Array.isArray(error?.details) ? (error.details as { path: string; message: string }[]) : [];
}

export const errorCodeOf = (body: unknown) => ((body as Node | null)?.error as Node | undefined)?.code;
