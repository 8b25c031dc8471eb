import type { Card, Holdings, LinkedWallet, OrderIssues } from "./types";

// The Shopify CLI defines every environment variable as `process.env.NAME` when it
// bundles: `TWIN_CARDS_APP_URL=https://… shopify app deploy` points the extension at
// the app. Without it, `process` does not exist where the extension runs, hence the try.
declare const process: { env: Record<string, string | undefined> };
function configuredAppUrl(): string | undefined {
  try {
    return process.env.TWIN_CARDS_APP_URL;
  } catch {
    return undefined;
  }
}

/** The app's public URL (shopify.app.toml's application_url). */
export const APP_URL = (configuredAppUrl() || "https://twin-cards.example.com").replace(/\/+$/, "");

/** A failed call: the HTTP status (0 when the app could not be reached), the error code, the fields it names and why, when the code alone does not say. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: string[],
    readonly reason: string | null = null,
  ) {
    super(`${status} ${code}`);
  }
}

export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, "NETWORK", []));

interface Envelope<T> {
  data?: T;
  error?: { code?: string; details?: { path?: unknown }[]; reason?: string };
}

/** A call to the app with a fresh session token; the answer's `data`, or an ApiError. */
async function call<T>(path: string, body?: unknown): Promise<T> {
  const token = await shopify.sessionToken.get();
  let response: Response;
  try {
    response = await fetch(`${APP_URL}/customer-account${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", []);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && envelope?.data !== undefined) return envelope.data;
  const fields = (envelope?.error?.details ?? []).map((detail) => String(detail.path ?? ""));
  throw new ApiError(response.status, envelope?.error?.code ?? "INTERNAL", fields, envelope?.error?.reason ?? null);
}

export const loadHoldings = () => call<Holdings>("/holdings");

export const claimCode = (code: string) => call<{ cards: Card[] }>("/claim", { code });

/** Gives one of the customer's cards: a new code goes to the recipient (decision 0043). */
export const giveCard = (id: string, gift: { email?: string; phone?: string; message: string; fromName?: string; locale?: string }) =>
  call<Card>(`/cards/${encodeURIComponent(id)}/give`, gift);

/** Claims a code waiting for the customer's verified e-mail, without the code (decision 0070). */
export const claimWaiting = (id: string) => call<{ cards: Card[] }>(`/waiting/${encodeURIComponent(id)}/claim`, {});

/** Takes a gift back before it is claimed. */
export const cancelGift = (id: string) => call<Card>(`/cards/${encodeURIComponent(id)}/cancel-gift`, {});

/** Links a pasted address, the customer having accepted the risk; with a universal name when given. */
export const linkPastedWallet = (publicKey: string, name: string) =>
  call<{ wallet: NonNullable<LinkedWallet>; cards: Card[]; name: string | null }>("/wallet", {
    publicKey,
    acknowledgeRisk: true,
    ...(name ? { name } : {}),
  });

/** What the order with this numeric id issued to the customer (nothing for another customer's order). */
export const loadOrderIssues = (orderId: string) => call<OrderIssues>(`/orders/${encodeURIComponent(orderId)}`);
