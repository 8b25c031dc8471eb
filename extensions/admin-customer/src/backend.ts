import { t } from "./i18n";

/** A refused or failed call: the HTTP status (0 when the app could not be reached), its message and its fields' messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface Envelope<T> {
  data?: T;
  error?: { message?: string; details?: { path?: string; message?: string }[] };
}

/**
 * A call to the app's /admin-ext routes. The admin resolves the relative URL against the
 * app's URL and adds the session token; the answer's words are in the merchant's admin
 * language, which the extension knows only from its own translations (`language`).
 */
async function call<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/admin-ext${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Accept: "application/json",
        "Accept-Language": t("language"),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, t("block.error"));
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && envelope?.data !== undefined) return envelope.data;
  const fields: Record<string, string> = {};
  for (const detail of envelope?.error?.details ?? []) if (detail.path && detail.message) fields[detail.path] ??= detail.message;
  throw new ApiError(response.status, envelope?.error?.message ?? t("block.error"), fields);
}

/** The numeric id of the resource the admin page shows (data.selected holds its GID). */
export const selectedId = (): string => (shopify.data.selected[0]?.id ?? "").split("/").pop() ?? "";

/** A fresh key per submit: a double click sends one key twice, and the app acts once. */
export const newKey = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export interface LatestItem {
  kind: "card" | "twin";
  id: string;
  title: string;
  serialNumber: number | null;
  editionSize: number | null;
  status: string;
  url: string;
}
export interface CustomerBlockData {
  customer: { id: string; name: string; url: string };
  names: string[];
  cards: { total: number; byStatus: Record<string, number> };
  twins: { total: number; byStatus: Record<string, number> };
  held: number;
  waiting: number;
  latest: LatestItem[];
}
export interface NameEntry {
  uns_name: string;
  uns_name_id: string;
  public_key: string;
}
export interface ActionStart {
  customer: { id: string; name: string; email: string | null; phone: string | null };
  names: NameEntry[];
  products: { variantId: string; title: string; orderName: string; quantity: number }[];
}

const customerPath = () => `/customers/${encodeURIComponent(selectedId())}`;

export const loadBlock = () => call<CustomerBlockData>(customerPath());
export const loadAction = () => call<ActionStart>(`${customerPath()}/action`);
export const validateName = (name: string) => call<NameEntry>(`${customerPath()}/validate-name`, { name });
export const registerName = (name: string, publicKey: string, key: string) =>
  call<NameEntry>(`${customerPath()}/names`, { name, publicKey }, key);
export const issueTwin = (twin: { name_id: string; public_key: string; variant_id: string; title: string }, key: string) =>
  call<{ id: string; title: string }>(`${customerPath()}/twins`, twin, key);
export const createCard = (card: Record<string, unknown>, key: string) =>
  call<{ id: string; name: string; status: string }>(`${customerPath()}/cards`, card, key);
