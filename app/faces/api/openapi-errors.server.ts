import { STATUS_OF, type ApiErrorCode } from "./errors";

/** What each error code means, wherever it is answered; operations say what else theirs mean. */
export const CODE_MEANINGS: Record<ApiErrorCode, string> = {
  INVALID_JSON: "The body is empty, not JSON, not UTF-8, or nested deeper than 32 levels",
  UNAUTHENTICATED: "No `Authorization: Bearer <api key>`, or a key that is not valid or was revoked",
  PLAN_LIMIT_REACHED:
    "The shop's free plan has issued its monthly number of live items (test keys are not counted); the message names the plan " +
    "and the admin page where the merchant upgrades, also in `details[0]`; nothing was written",
  NOT_FOUND:
    "No such resource in this shop: another shop's id is answered exactly as an unknown one. Also a redemption code this shop never issued",
  METHOD_NOT_ALLOWED: "The path does not serve this method; `Allow` names those it does",
  CONFLICT:
    "The Idempotency-Key was used with another request, or requests with it collided (retry); or the operation's own conflict " +
    "(a code redeemed before, a universal name taken, a batch code in use, an owned card voided, a 17th webhook endpoint)",
  EXPIRED: "The redemption code has expired",
  VOIDED: "The shop voided every card of the redemption code (e.g. its order was cancelled)",
  PAYLOAD_TOO_LARGE: "The body is larger than 1 MiB",
  VALIDATION_FAILED:
    "`details` names every offending field (e.g. `cards[2].media.imageUrls[0]`, a query parameter, a header); nothing was written",
  RATE_LIMITED: "Too many requests for this API key, or too many redeem attempts; wait `Retry-After` seconds",
  INTERNAL: "Something failed on our side; no internals are shown; retry later",
  UNAVAILABLE: "The database stayed busy past the server's retries; nothing was written; retry after `Retry-After` seconds",
};

const codesOf = (status: number) => (Object.keys(STATUS_OF) as ApiErrorCode[]).filter((code) => STATUS_OF[code] === status);

/** The envelope of every failure. */
export const errorSchema = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "details"],
      additionalProperties: false,
      properties: {
        code: { type: "string", enum: Object.keys(STATUS_OF) },
        message: { type: "string" },
        details: {
          type: "array",
          items: {
            type: "object",
            required: ["path", "message"],
            additionalProperties: false,
            properties: {
              path: {
                type: "string",
                description:
                  "The offending field, e.g. cards[2].media.imageUrls[0]; a parameter's or header's name; empty for the whole input",
              },
              message: { type: "string" },
            },
          },
        },
      },
    },
  },
};

// One answer per code, as the server words it.
const EXAMPLE_ERRORS: Record<ApiErrorCode, { message: string; details?: { path: string; message: string }[] }> = {
  INVALID_JSON: { message: "The request body is empty; send a JSON object" },
  UNAUTHENTICATED: { message: "The API key is not valid or was revoked" },
  PLAN_LIMIT_REACHED: {
    message:
      "The Free plan's 50 items this month are all issued. Upgrade to Pro for no monthly limit: " +
      "https://admin.shopify.com/store/harbor-and-pine/apps/twin-cards/app/settings",
    details: [{ path: "", message: "Upgrade: https://admin.shopify.com/store/harbor-and-pine/apps/twin-cards/app/settings" }],
  },
  NOT_FOUND: { message: "Unit card not found" },
  METHOD_NOT_ALLOWED: { message: "Use GET, POST on this path" },
  CONFLICT: { message: "This redemption code has already been redeemed" },
  EXPIRED: { message: "This redemption code has expired" },
  VOIDED: { message: "The shop voided the cards of this code (for example, their order was cancelled): there is nothing left to claim" },
  PAYLOAD_TOO_LARGE: { message: "The request body is larger than 1 MiB" },
  VALIDATION_FAILED: {
    message: "Invalid input: cards[2].media.imageUrls[0]: Must be an absolute https:// or http:// URL (and 1 more)",
    details: [
      { path: "cards[2].media.imageUrls[0]", message: "Must be an absolute https:// or http:// URL" },
      { path: "cards[3].name", message: "Required" },
    ],
  },
  RATE_LIMITED: { message: "Too many requests for this API key" },
  INTERNAL: { message: "Something went wrong on our side; retry later" },
  UNAVAILABLE: { message: "The service is busy; retry in a moment" },
};

const headerRefs = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** components.responses.Error<status>: its codes and what they mean, with an example of each. */
export function errorResponse(status: number) {
  const codes = codesOf(status);
  return {
    description: codes.map((code) => `${code}: ${CODE_MEANINGS[code]}`).join("; "),
    headers: headerRefs(
      "X-Request-Id",
      ...(status === 429 || status === 503 ? ["Retry-After"] : []),
      ...(status === 401 ? ["WWW-Authenticate"] : []),
    ),
    content: {
      "application/json": {
        schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { error: { properties: { code: { enum: codes } } } } }] },
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            {
              summary: code,
              value: { error: { code, message: EXAMPLE_ERRORS[code].message, details: EXAMPLE_ERRORS[code].details ?? [] } },
            },
          ]),
        ),
      },
    },
  };
}

/** The Errors section of the guide: the envelope and every code. */
export function errorsGuide(): string {
  const rows = (Object.keys(STATUS_OF) as ApiErrorCode[]).map((code) => `| ${STATUS_OF[code]} | \`${code}\` | ${CODE_MEANINGS[code]} |`);
  return [
    "Every failure answers with one envelope, whatever the path:",
    "",
    "```json",
    JSON.stringify(
      {
        error: {
          code: "VALIDATION_FAILED",
          message: EXAMPLE_ERRORS.VALIDATION_FAILED.message,
          details: EXAMPLE_ERRORS.VALIDATION_FAILED.details,
        },
      },
      null,
      2,
    ),
    "```",
    "",
    "`code` is stable: branch on it, not on `message`, which is for people. `details` lists every offending field at once " +
      "(empty for other codes); `path` is the field as you sent it (`cards[2].media.imageUrls[0]`), a query parameter's or header's name, " +
      "or empty for the whole input. A request refused with a 4xx wrote nothing.",
    "",
    "| Status | Code | Meaning |",
    "|---|---|---|",
    ...rows,
    "",
    "Every answer carries `X-Request-Id` (yours, if you sent a valid one): quote it when you ask about a request. " +
      "`429` and `503` carry `Retry-After` (seconds); `401` carries `WWW-Authenticate`.",
  ].join("\n");
}
