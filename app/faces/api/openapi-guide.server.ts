import { errorsGuide } from "./openapi-errors.server";
import { WEBHOOKS_GUIDE } from "./openapi-webhooks-guide.server";

/*
 * The reference's prose: what /v1/docs shows around the operations. Guide sections are
 * trait tags (sections with no operations); every tag sits in one of x-tagGroups.
 */

/** The tags operations carry. */
export const TAG = {
  cards: "Unit cards",
  redemption: "Redemption",
  names: "Universal names",
  twins: "Digital twins",
  nft: "NFT metadata",
  events: "Events",
  endpoints: "Webhook endpoints",
  receiving: "Receiving events",
} as const;

export const INTRODUCTION = `Issue verifiable digital items from any platform: **unit cards** (by redemption code or to a known owner), \
**universal names** and **digital twins** of products, optionally minted as Solana NFTs, with **events** and signed **webhooks** for what \
happens next. This page is generated from the same schemas the server validates with; the document itself is \
[\`/v1/openapi.json\`](/v1/openapi.json) (OpenAPI 3.1).

**Conventions.** Requests and answers are JSON in UTF-8; a success is \`{"data": …}\`, a failure the [error envelope](#tag/Errors). \
Times are ISO 8601 in UTC. Ids carry their kind (\`card_…\`, \`twin_…\`, \`evt_…\`). Field names keep the original interface's two casings \
(\`publicKey\` on cards, \`public_key\` on names and twins). Strings must be well-formed Unicode: one with an unpaired UTF-16 surrogate is 422. \
Rules JSON Schema cannot state (a key on the ed25519 curve, a phone number's validity, unique metadata keys, an expiry in the future) are in \
each field's description, and the custom formats \`solana-public-key\`, \`solana-wallet-key\` and \`international-phone\` name them.`;

const AUTHENTICATION = `Send \`Authorization: Bearer <api key>\` with every request, except \`GET /v1/openapi.json\`, this page and an NFT's \
metadata. A key belongs to one shop: every read and write is scoped to it, and another shop's ids are answered 404 exactly as unknown ones.

Merchants create keys in the app's admin, **Settings → API keys** (shown once, stored hashed, revocable); whoever runs the app can also \
create one with \`npm run -s api-key:create -- --shop <shop>.myshopify.com\`. A missing, unknown or revoked key is 401 \`UNAUTHENTICATED\`.

\`\`\`bash
curl -sS "$TWIN_CARDS_URL/v1/unit-cards?limit=1" -H "Authorization: Bearer $TWIN_CARDS_API_KEY"
\`\`\``;

const TEST_MODE = `A key is **live** (\`tc_live_…\`) or **test** (\`tc_test_…\`), chosen when it is made (Settings → API keys, or \
\`npm run -s api-key:create -- --shop <shop>.myshopify.com --mode test\`); keys made before test mode (\`tc_…\`) are live. Build and run \
your integration with a test key: it works exactly like a live one, but nothing real happens.

- Every object and event says which mode it belongs to: \`livemode\` is \`false\` for test data.
- A test key sees only test data and a live key only live data: lists are separate, and another mode's id is answered 404 exactly as \
another shop's. Redemption codes, universal names and \`Idempotency-Key\`s are separate too (the same custom code or name can exist in both).
- A test card's claim e-mail and SMS are written — the admin shows them as *Test — not sent* — and never sent.
- Nothing is minted for a test card or twin (\`chain\` stays \`null\`).
- Test events go only to endpoints registered with a test key; live events only to live endpoints.
- A test item's verification page says it is a test item, never "Verified". Shoppers never see test data in their cards.`;

const LIMITS = `| Limit | Value | When exceeded |
|---|---|---|
| Requests per API key | 20 a second sustained, bursts of 100 (shared by every server of the app) | 429 \`RATE_LIMITED\` with \`Retry-After\` |
| Redeem attempts | 10 a minute per code prefix, and 10 a minute per client address; a wrong code counts | 429 \`RATE_LIMITED\` with \`Retry-After\` |
| Request body | JSON of at most 1 MiB, nested at most 32 levels | 413 \`PAYLOAD_TOO_LARGE\` (the rest of the body is read, so you see the answer); 400 \`INVALID_JSON\` |
| Cards in a batch | 500 | 422 \`VALIDATION_FAILED\` at \`cards\` |
| Page size (\`limit\`) | 1–100, default 50 | 422 at \`limit\` |
| Webhook endpoints | 16 per shop | 409 \`CONFLICT\` |

A 429 or a 503 \`UNAVAILABLE\` (the database busy past the server's retries) has written nothing: wait \`Retry-After\` seconds and send the \
same request again (with the same \`Idempotency-Key\` for a POST).`;

const IDEMPOTENCY = `Any POST may carry \`Idempotency-Key\` (1–255 visible characters; a UUID is a good one). A retry with the same key and \
the same body within **24 hours** returns the stored answer — the same status and body, with \`Idempotent-Replayed: true\` — without doing the \
work again; the same key with another body or path is 409 \`CONFLICT\`. The answer is stored in the same transaction as the work, so a retry \
after a timeout, a dropped connection or a crash on either side either replays or runs once, never twice. Answers that a retry may change \
(429, 5xx) are not stored. An empty header is the same as none.

\`\`\`bash
curl -sS -X POST "$TWIN_CARDS_URL/v1/unit-cards" -H "Authorization: Bearer $TWIN_CARDS_API_KEY" \\
  -H "Content-Type: application/json" -H "Idempotency-Key: order-1093-line-1" \\
  -d '{"name": "VIP pass", "media": {"imageUrls": []}, "email": "jane@example.com"}'
\`\`\``;

const PAGINATION = `Lists — \`GET /v1/unit-cards\`, \`/v1/digital-twins\`, \`/v1/events\` and \`/v1/webhook-endpoints/{id}/deliveries\` — \
answer newest first, a page at a time: \`{"data": [...], "nextCursor": "…"}\`. Ask for \`limit\` items (1–100, default 50); send \
\`nextCursor\` back as \`cursor\`, with the same filters, for the next page; it is \`null\` on the last page. A cursor is opaque and belongs \
to its list: anything else is 422 at \`cursor\`. Items created while you page do not shift later pages.

\`\`\`js
let cursor = "";
do {
  const response = await fetch(\`\${url}/v1/unit-cards?status=OWNED&limit=100&cursor=\${cursor}\`, { headers: { Authorization: \`Bearer \${key}\` } });
  const page = await response.json();
  for (const card of page.data) console.log(card.id, card.name);
  cursor = page.nextCursor;
} while (cursor);
\`\`\``;

const GUIDE = [
  { name: "Authentication", description: AUTHENTICATION },
  { name: "Test mode", description: TEST_MODE },
  { name: "Errors", description: errorsGuide() },
  { name: "Limits", description: LIMITS },
  { name: "Idempotency", description: IDEMPOTENCY },
  { name: "Pagination", description: PAGINATION },
  { name: "Webhooks and signatures", description: WEBHOOKS_GUIDE },
].map((tag) => ({ ...tag, "x-traitTag": true }));

const OPERATION_TAGS = [
  {
    name: TAG.cards,
    description:
      "A digital item — name, images and videos, metadata — issued either to a known owner (`owner` as `<provider>|<id>` and a " +
      "Solana wallet `publicKey`) or **by redemption**: the card waits, unowned, while an e-mail or SMS carries a code that claims it " +
      "(shown only in the creation answer). A batch shares one code or one owner. Status `PENDING_REDEMPTION` → `OWNED`, or `VOID` when " +
      "voided before its claim. PRIVATE metadata never leaves the merchant side (not to the storefront, messages or NFTs).",
  },
  {
    name: TAG.redemption,
    description:
      "The recipient claims every card of a code at once, once. Case, spaces and hyphens do not matter. Without a wallet key the " +
      'shop holds the cards for their owner (`custody: "HELD"`) until the owner links a wallet.',
  },
  {
    name: TAG.names,
    description:
      "Global handles (3–32 of `a-z 0-9 . _ -`), each tied to one Solana wallet key: validating one is step 1 of issuing a twin.",
  },
  {
    name: TAG.twins,
    description:
      "A verifiable twin of a product, issued to a universal name in two steps: validate the name (its `uns_name_id` and " +
      "`public_key`), then issue with them as `name_id` and `public_key`.",
  },
  {
    name: TAG.nft,
    description:
      "When the app's operator turns chain issuing on, every twin and owned card is minted once as a Token-2022 NFT in its " +
      "owner's wallet; `chain` on the object follows it (`PENDING` → `MINTED`). Its metadata JSON is public.",
  },
  { name: TAG.events, description: "One event per state change, written in the change's transaction, listed for 30 days." },
  {
    name: TAG.endpoints,
    description:
      "Where the shop's events are POSTed, signed with the endpoint's secret (see [Webhooks and signatures](#tag/Webhooks-and-signatures)). " +
      "Test one with send-test and follow what became of its deliveries.",
  },
  { name: TAG.receiving, description: "What your endpoint receives: one event per request, signed." },
];

export const tags = [...GUIDE, ...OPERATION_TAGS];

export const tagGroups = [
  { name: "Guide", tags: GUIDE.map((tag) => tag.name) },
  { name: "Issuing", tags: [TAG.cards, TAG.redemption, TAG.names, TAG.twins] },
  { name: "On-chain", tags: [TAG.nft] },
  { name: "Events and webhooks", tags: [TAG.events, TAG.endpoints, TAG.receiving] },
];
