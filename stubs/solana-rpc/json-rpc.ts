// JSON-RPC 2.0 framing as Solana nodes use it: one call or a batch array in,
// `{ jsonrpc, id, result }` or `{ jsonrpc, id, error: { code, message, data? } }` out.

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** What a Solana node answers when sendTransaction's preflight simulation fails. */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Returns the result, or a promise of it; throws RpcError for an error answer. */
export type RpcMethod = (params: unknown[]) => unknown;
export type RpcMethods = Record<string, RpcMethod>;

type Id = string | number | null;
type RpcResponse = { jsonrpc: "2.0"; id: Id } & ({ result: unknown } | { error: { code: number; message: string; data?: unknown } });

/** The response body for a request body: an object for one call, an array for a batch. */
export async function answer(methods: RpcMethods, body: string): Promise<RpcResponse | RpcResponse[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return failure(null, new RpcError(PARSE_ERROR, "Parse error"));
  }
  if (!Array.isArray(parsed)) return call(methods, parsed);
  if (parsed.length === 0) return failure(null, new RpcError(INVALID_REQUEST, "Invalid request: empty batch"));
  return Promise.all(parsed.map((request) => call(methods, request)));
}

async function call(methods: RpcMethods, request: unknown): Promise<RpcResponse> {
  if (!isRecord(request) || request.jsonrpc !== "2.0" || typeof request.method !== "string") {
    return failure(idOf(request), new RpcError(INVALID_REQUEST, "Invalid request"));
  }
  const id = idOf(request);
  const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
  if (!method) return failure(id, new RpcError(METHOD_NOT_FOUND, "Method not found"));
  const params = request.params ?? [];
  if (!Array.isArray(params)) return failure(id, new RpcError(INVALID_PARAMS, "Invalid params: expected an array"));
  try {
    return { jsonrpc: "2.0", id, result: await method(params) };
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error);
    return failure(id, new RpcError(INTERNAL_ERROR, `Internal error: ${(error as Error).message}`));
  }
}

function failure(id: Id, error: RpcError): RpcResponse {
  const { code, message, data } = error;
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function idOf(request: unknown): Id {
  const id = isRecord(request) ? request.id : null;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
