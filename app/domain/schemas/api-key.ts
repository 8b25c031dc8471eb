import { z } from "./zod";

/** A shop's domain, e.g. `my-store.myshopify.com` (any host name for other platforms). */
export const shopDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .regex(/^(?=.{1,255}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "Must be a shop domain, e.g. my-store.myshopify.com");

export const apiKeyInput = z
  .object({
    shop: shopDomain,
    label: z.string().trim().min(1, "Must not be empty").max(100, "Must be at most 100 characters").default("API key"),
    // A test key sees and writes only test data: nothing is sent or minted (decision 0036).
    mode: z.enum(["live", "test"]).default("live"),
  })
  .strict();
