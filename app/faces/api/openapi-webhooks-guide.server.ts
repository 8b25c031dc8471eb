// The guide's webhook section. Its two verifiers are run by test/integration/openapi-guide.test.ts
// against signatures the deliverer makes, so what integrators copy keeps working.

const NODE_VERIFIER = `import { createHmac, timingSafeEqual } from "node:crypto";

/** True when \`header\` (Twin-Cards-Signature) signs \`rawBody\` with \`secret\`, sent less than 5 minutes ago. */
export function verifyTwinCardsSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(String(header).split(",").map((part) => part.trim().split("=", 2)));
  if (!/^\\d+$/.test(parts.t ?? "") || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${parts.t}.\`).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(parts.v1, "hex"), expected);
}

// With Express, keep the raw bytes: app.post("/twin-cards/webhooks", express.raw({ type: "application/json" }), (req, res) => {
//   if (!verifyTwinCardsSignature(req.body, req.get("Twin-Cards-Signature"), process.env.TWIN_CARDS_WEBHOOK_SECRET)) return res.sendStatus(400);
//   const event = JSON.parse(req.body); ... res.sendStatus(200); });`;

const PYTHON_VERIFIER = `import hashlib
import hmac
import time


def verify_twin_cards_signature(raw_body: bytes, header: str, secret: str, tolerance_seconds: int = 300) -> bool:
    """True when header (Twin-Cards-Signature) signs raw_body with secret, sent less than 5 minutes ago."""
    parts = dict(part.strip().split("=", 1) for part in header.split(",") if "=" in part)
    t, v1 = parts.get("t", ""), parts.get("v1", "")
    if not (t.isascii() and t.isdigit()) or abs(time.time() - int(t)) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), v1.encode())


# With Flask: verify_twin_cards_signature(request.get_data(), request.headers.get("Twin-Cards-Signature", ""), secret)`;

export const WEBHOOKS_GUIDE = `Every state change writes an **event** in the same transaction as the change: list them with \`GET /v1/events\` \
(the last 30 days), or have them POSTed to your **webhook endpoints** as they happen (up to 16 per shop, each with the event types it wants, \
\`["*"]\` for all).

**Delivery.** Each event is POSTed as JSON to each endpoint that wants it, with these headers:

| Header | Value |
|---|---|
| \`Twin-Cards-Signature\` | \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, keyed with the endpoint's secret |
| \`Twin-Cards-Event-Id\` | the event's id: your dedupe key |
| \`Twin-Cards-Event-Type\` | e.g. \`unit_card.redeemed\` |

Answer 2xx within **10 seconds** (at most 64 KiB of your answer is read). Network errors, timeouts, 429 and 5xx are retried with exponential \
backoff (1 minute doubling to 6 hours, \`Retry-After\` honoured) for **3 days**; redirects and other 4xx are not retried. An endpoint whose \
deliveries have failed for 3 days with no success is disabled. Delivery is **at least once** (skip an event id you have handled) and in **no \
promised order** (order by \`createdAt\`, or read the object again).

**Verifying the signature.** The secret is the whole \`whsec_…\` string shown once when the endpoint was created. Before trusting a request:

1. Read the **raw body** as received, before any JSON parsing (a re-serialised body does not match).
2. Split the header on \`,\` into \`t\` and \`v1\`.
3. Compute HMAC-SHA256 of \`t\`, a dot and the raw body, keyed with the secret, as lowercase hex.
4. Compare it with \`v1\` in constant time.
5. Refuse the request when \`t\` is more than **5 minutes** (300 s) from your clock: an old request replayed.

Node.js (no dependency):

\`\`\`js
${NODE_VERIFIER}
\`\`\`

Python 3 (standard library):

\`\`\`python
${PYTHON_VERIFIER}
\`\`\`

The typed TypeScript client has the same check as \`verifyWebhookSignature(rawBody, header, secret)\`.

**Debugging an endpoint.** \`POST /v1/webhook-endpoints/{id}/_actions/send-test\` sends a \`webhook_endpoint.test\` event to that endpoint \
alone, once; \`GET /v1/webhook-endpoints/{id}/deliveries\` shows what became of each delivery: its status, attempts, the status your endpoint \
answered, the error in a sentence and the next attempt.`;
