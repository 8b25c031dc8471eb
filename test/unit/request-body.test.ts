import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_DRAINED_BYTES, parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { ApiError } from "~/faces/api/errors";

const MiB = 1024 * 1024;
const URL = "http://localhost/v1/unit-cards";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request(URL, { method: "POST", body, headers });

/** A body of unknown length: `total` bytes of "a" in `chunkSize` chunks; records how far it was read. */
function streamedRequest(total: number, chunkSize = 64 * 1024) {
  const state = { sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.sent >= total) return controller.close();
      const size = Math.min(chunkSize, total - state.sent);
      state.sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request(URL, { method: "POST", body: stream, duplex: "half" } as RequestInit);
  expect(request.headers.get("content-length")).toBeNull();
  return { request, state };
}

/** A body streamed as the given chunks. */
function chunkedRequest(chunks: Uint8Array[]) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Request(URL, { method: "POST", body: stream, duplex: "half" } as RequestInit);
}

async function domainError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail("expected an ApiError"),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  return expect.fail("expected an ApiError");
}

describe("readBodyText", () => {
  it("the limit is 1 MiB", () => {
    expect(MAX_BODY_BYTES).toBe(MiB);
  });

  it("reads a small JSON body", async () => {
    expect(await readBodyText(post('{"name":"Gold"}'))).toBe('{"name":"Gold"}');
  });

  it('reads no body as ""', async () => {
    expect(await readBodyText(new Request(URL, { method: "POST" }))).toBe("");
    expect(await readBodyText(new Request(URL))).toBe("");
  });

  it("reads a body of exactly 1 MiB", async () => {
    const body = "a".repeat(MiB);
    expect(await readBodyText(post(body, { "content-length": String(MiB) }))).toBe(body);
  });

  it("reads a streamed body of exactly 1 MiB", async () => {
    const { request } = streamedRequest(MiB);
    expect(await readBodyText(request)).toHaveLength(MiB);
  });

  it("refuses 1 MiB + 1 byte with a Content-Length header", async () => {
    const request = post("a".repeat(MiB + 1), { "content-length": String(MiB + 1) });
    expect(request.headers.get("content-length")).toBe(String(MiB + 1));
    const error = await domainError(readBodyText(request));
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error.message).toContain("1 MiB");
  });

  it("refuses on the Content-Length header alone, before reading", async () => {
    const request = post("{}", { "content-length": String(2 * MiB) });
    expect((await domainError(readBodyText(request))).code).toBe("PAYLOAD_TOO_LARGE");
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses 1 MiB + 1 byte streamed without a length", async () => {
    const { request } = streamedRequest(MiB + 1);
    expect((await domainError(readBodyText(request))).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a body that is longer than its (lying) Content-Length says", async () => {
    const request = post("a".repeat(MiB + 1), { "content-length": "10" });
    expect((await domainError(readBodyText(request))).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("reads a 2 MiB streamed body to its end before refusing it, so the client is ready for the 413", async () => {
    const { request, state } = streamedRequest(2 * MiB);
    expect((await domainError(readBodyText(request))).code).toBe("PAYLOAD_TOO_LARGE");
    expect(state.sent).toBe(2 * MiB);
    expect(request.bodyUsed).toBe(true);
  });

  it("stops reading an endless stream soon after 8 MiB", async () => {
    expect(MAX_DRAINED_BYTES).toBe(8 * MiB);
    const { request, state } = streamedRequest(Number.MAX_SAFE_INTEGER);
    expect((await domainError(readBodyText(request))).code).toBe("PAYLOAD_TOO_LARGE");
    // Not cancelled: that would destroy the socket before the 413 is written.
    expect(state.cancelled).toBe(false);
    expect(state.sent).toBeLessThanOrEqual(MAX_DRAINED_BYTES + 4 * 64 * 1024);
  });

  it("decodes UTF-8, also when a character is split across chunks", async () => {
    const bytes = new TextEncoder().encode('{"name":"Café ☕"}');
    const split = bytes.indexOf(0xe2) + 1; // inside the 3-byte ☕
    const request = chunkedRequest([bytes.slice(0, split), bytes.slice(split)]);
    expect(await readBodyText(request)).toBe('{"name":"Café ☕"}');
  });

  it.each([
    ["a lone continuation byte", [0x7b, 0x80, 0x7d]],
    ["0xFF", [0xff, 0xfe]],
    ["a truncated 3-byte sequence", [0x22, 0xe2, 0x98, 0x22]],
    ["an overlong encoding", [0xc0, 0xaf]],
  ])("refuses invalid UTF-8 (%s) as INVALID_JSON", async (_label, bytes) => {
    const error = await domainError(readBodyText(post(new Uint8Array(bytes))));
    expect(error.code).toBe("INVALID_JSON");
    expect(error.message).toContain("UTF-8");
  });
});

describe("parseJsonBody", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const nestedObjects = (depth: number) => '{"a":'.repeat(depth - 1) + "{}" + "}".repeat(depth - 1);

  it.each([
    ['{"name":"Gold"}', { name: "Gold" }],
    ["[1,2,3]", [1, 2, 3]],
    ['  {"a":[{"b":null}]}\n', { a: [{ b: null }] }],
    ['"text"', "text"],
    ["42", 42],
  ])("parses %j", (text, expected) => {
    expect(parseJsonBody(text)).toEqual(expected);
  });

  it.each([[""], ["   "], ["\n\t "]])("refuses an empty body (%j) as INVALID_JSON", (text) => {
    const error = thrown(() => parseJsonBody(text));
    expect(error.code).toBe("INVALID_JSON");
    expect(error.message).toContain("empty");
  });

  it.each([["{"], ['{"a":1,}'], ["{'a':1}"], ["name=Gold"], ['{"a":1}{"b":2}'], ["NaN"], ["]["]])(
    "refuses malformed JSON %j as INVALID_JSON",
    (text) => {
      const error = thrown(() => parseJsonBody(text));
      expect(error.code).toBe("INVALID_JSON");
      expect(error.message).toContain("not valid JSON");
    },
  );

  it("parses arrays nested 32 deep", () => {
    let value = parseJsonBody(nested(32));
    let depth = 0;
    while (Array.isArray(value)) {
      depth++;
      value = value[0];
    }
    expect(depth).toBe(32);
  });

  it("parses objects nested 32 deep", () => {
    expect(parseJsonBody(nestedObjects(32))).toBeTypeOf("object");
  });

  it.each([
    ["arrays", nested(33)],
    ["objects", nestedObjects(33)],
    ["mixed", '{"a":' + nested(32) + "}"],
    ["far deeper", nested(100_000)],
  ])("refuses %s nested 33+ deep as INVALID_JSON", (_label, text) => {
    const error = thrown(() => parseJsonBody(text));
    expect(error.code).toBe("INVALID_JSON");
    expect(error.message).toContain("nested deeper than 32");
  });

  it("measures depth, not the number of brackets", () => {
    const wide = "[" + Array.from({ length: 1000 }, () => "[{}]").join(",") + "]";
    expect(parseJsonBody(wide)).toHaveLength(1000);
  });

  it("does not count brackets inside strings", () => {
    const text = JSON.stringify({ a: "[".repeat(100), b: "{".repeat(100), c: "]]]}}}" });
    expect(parseJsonBody(text)).toEqual({ a: "[".repeat(100), b: "{".repeat(100), c: "]]]}}}" });
  });

  it("does not count brackets after an escaped quote inside a string", () => {
    const value = { a: `say \\"${"[".repeat(50)}\\" and "${"{".repeat(50)}"` };
    expect(parseJsonBody(JSON.stringify(value))).toEqual(value);
  });

  it("still counts brackets after a string that ends in an escaped backslash", () => {
    const text = `{"a":"\\\\","b":${nested(33)}}`;
    expect(JSON.parse(`{"a":"\\\\","b":1}`)).toEqual({ a: "\\", b: 1 });
    expect(thrown(() => parseJsonBody(text)).code).toBe("INVALID_JSON");
    expect(parseJsonBody(`{"a":"\\\\","b":${nested(31)}}`)).toHaveProperty("a", "\\");
  });
});
