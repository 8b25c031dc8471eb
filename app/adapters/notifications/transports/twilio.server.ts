import { fetchFailure } from "~/lib/fetch-failure";
import { DeliveryError, type Transport } from "./transport";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * SMS through Twilio's REST API (or one speaking it): POST Messages.json,
 * form-encoded, basic auth. 429 and 5xx are retried (honouring Retry-After),
 * any other 4xx fails the notification at once.
 */
export function twilioTransport(options: TwilioOptions): Transport {
  const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`, options.baseUrl);
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(notification) {
      const body = new URLSearchParams({ To: notification.destination, From: options.from, Body: notification.message.sms });
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new DeliveryError(`SMS provider unreachable: ${fetchFailure(error)}`, true);
      }
      const text = await response.text().catch(() => "");
      const json = parseJson(text);
      if (response.ok) {
        const sid = typeof json?.sid === "string" ? json.sid : undefined;
        if (!sid) throw new DeliveryError(`SMS provider answered ${response.status} without a message sid`, true);
        return { providerMessageId: sid };
      }
      const detail =
        typeof json?.message === "string"
          ? `${json.message}${json.code !== undefined ? ` (code ${String(json.code)})` : ""}`
          : text.slice(0, 500);
      const message = `SMS provider answered ${response.status}: ${detail}`;
      const retryable = response.status === 429 || response.status >= 500;
      throw new DeliveryError(message, retryable, retryAfterMs(response.headers.get("retry-after")));
    },
  };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
