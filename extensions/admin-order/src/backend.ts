import { t } from "./i18n";

/** A refused or failed call: the HTTP status (0 when the app could not be reached) and the app's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A call to the app's /admin-ext routes. The admin resolves the relative URL against the
 * app's URL and adds the session token; the answer's words are in the merchant's admin
 * language, which the extension knows only from its own translations (`language`).
 */
async function call<T>(path: string, post = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/admin-ext${path}`, {
      method: post ? "POST" : "GET",
      headers: {
        Accept: "application/json",
        "Accept-Language": t("language"),
        // One key per click: a double click acts once.
        ...(post
          ? { "Content-Type": "application/json", "Idempotency-Key": `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}` }
          : {}),
      },
      body: post ? "{}" : undefined,
    });
  } catch {
    throw new ApiError(0, t("error"));
  }
  const envelope = (await response.json().catch(() => null)) as { data?: T; error?: { message?: string } } | null;
  if (response.ok && envelope?.data !== undefined) return envelope.data;
  throw new ApiError(response.status, envelope?.error?.message ?? t("error"));
}

export interface Item {
  kind: "TWIN" | "CARD";
  id: string;
  name: string;
  serial: { serialNumber: number; editionSize: number | null } | null;
  status: string;
  claimed: boolean;
  url: string;
}
export interface Line {
  id: string;
  productTitle: string;
  ruleTitle: string;
  quantity: number;
  status: string;
  reason: string | null;
  recipient: string | null;
  items: Item[];
  canRetry: boolean;
  voidable: number;
}
export interface OrderBlockData {
  orderId: string;
  orderName: string | null;
  lines: Line[];
}

/** The numeric id of the order the page shows (data.selected holds its GID). */
const orderPath = () => `/orders/${(shopify.data.selected[0]?.id ?? "").split("/").pop() ?? ""}`;

export const loadOrder = () => call<OrderBlockData>(orderPath());
export const retryLine = (lineId: string) => call<OrderBlockData>(`${orderPath()}/lines/${encodeURIComponent(lineId)}/retry`, true);
export const voidLine = (lineId: string) =>
  call<OrderBlockData & { voided: number }>(`${orderPath()}/lines/${encodeURIComponent(lineId)}/void`, true);
