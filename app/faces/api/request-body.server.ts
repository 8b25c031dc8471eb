import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * How much of a body over the limit is still read, and thrown away, before the
 * 413 goes out. Most clients write their whole body before they read an answer;
 * a server that stops reading and closes makes their kernel answer with a reset
 * that loses the 413 (nginx's "lingering close" exists for the same reason).
 * Past this, the connection is closed without waiting.
 */
export const MAX_DRAINED_BYTES = 8 * MAX_BODY_BYTES;
/**
 * How long the server keeps reading, and dropping, what a client still sends
 * after its request was refused, before it closes the connection: closing
 * while the client still writes loses the answer just the same (server/lingering-close.ts).
 */
export const LINGER_MS = 10_000;
const MAX_JSON_DEPTH = 32;

const tooLarge = () => new ApiError("PAYLOAD_TOO_LARGE", "The request body is larger than 1 MiB");
const invalidJson = (message: string) => new ApiError("INVALID_JSON", message);

/** The body as text, refusing more than 1 MiB. */
export async function readBodyText(request: Request): Promise<string> {
  return bodyText(await readBodyBytes(request));
}

/**
 * The body's bytes, or null when it is over 1 MiB: at once when its declared
 * length says so, else once the rest of it is read and discarded (up to
 * MAX_DRAINED_BYTES in all), so the client is ready to read the 413.
 */
export async function readBodyBytes(request: Request): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch(overLimitAsNull);
    if (value === null) return null;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAINED_BYTES) {
      // Stop reading but don't cancel: cancelling destroys the socket before the 413 can be sent.
      reader.releaseLock();
      return null;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks);
}

/** The server cuts a body off at the limit (server/bounded-body.ts): its read fails with this name. */
function overLimitAsNull(error: unknown): { done: false; value: null } {
  if (error instanceof Error && error.name === "BodyTooLargeError") return { done: false, value: null };
  throw error;
}

/** A body read by `readBodyBytes` (or the lean router's reader) as text: null is PAYLOAD_TOO_LARGE, bytes that are not UTF-8 INVALID_JSON. */
export function bodyText(bytes: Uint8Array | null): string {
  if (bytes === null) throw tooLarge();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson("The request body is not valid UTF-8");
  }
}
/** Parses a JSON body; nesting is bounded so no later step can overflow the stack. */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) throw invalidJson("The request body is empty; send a JSON object");
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw invalidJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidJson(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}

function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") max = Math.max(max, ++depth);
    else if (char === "}" || char === "]") depth--;
  }
  return max;
}
