// Shopify Flow as the stub stands in for it: flowTriggerReceive checks the trigger's
// handle and payload against the app's trigger extensions (extensions/flow-*) as Flow
// checks them against the deployed ones, and records what it took for the tests and
// the demo to read (GET /_stub/flow-triggers?shop=).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ReceivedFlowTrigger {
  shop: string | undefined;
  handle: string;
  payload: Record<string, unknown>;
  receivedAt: string;
}

/** Each flow_trigger extension's handle and the payload keys its fields make (`customer_id` for a customer_reference). */
function triggerDefinitions(extensionsDir: string): Map<string, Set<string>> {
  const definitions = new Map<string, Set<string>>();
  for (const dir of readdirSync(extensionsDir)) {
    let toml: string;
    try {
      toml = readFileSync(join(extensionsDir, dir, "shopify.extension.toml"), "utf8");
    } catch {
      continue;
    }
    if (!/^type = "flow_trigger"$/m.test(toml)) continue;
    const handle = /^handle = "([^"]+)"$/m.exec(toml)?.[1];
    if (!handle) continue;
    const keys = new Set([...toml.matchAll(/^key = "([^"]+)"$/gm)].map((match) => match[1]!));
    for (const match of toml.matchAll(/^type = "([a-z_]+)_reference"$/gm)) keys.add(`${match[1]}_id`);
    definitions.set(handle, keys);
  }
  return definitions;
}

export function createFlowInbox(extensionsDir = join(import.meta.dirname, "../../extensions")) {
  const definitions = triggerDefinitions(extensionsDir);
  const received: ReceivedFlowTrigger[] = [];
  return {
    /** The flowTriggerReceive mutation: its data, with Flow's userErrors for what Flow would refuse. */
    receive(shop: string | undefined, variables: Record<string, unknown>) {
      const handle = typeof variables.handle === "string" ? variables.handle : "";
      const payload = variables.payload;
      const fields = definitions.get(handle);
      const userErrors: { field: string[]; message: string }[] = [];
      if (!fields) userErrors.push({ field: ["handle"], message: `No trigger with handle ${handle || "(none)"}` });
      else if (typeof payload !== "object" || payload === null || Array.isArray(payload))
        userErrors.push({ field: ["payload"], message: "The payload must be an object" });
      else {
        const unknown = Object.keys(payload).filter((key) => !fields.has(key));
        if (unknown.length > 0) userErrors.push({ field: ["payload"], message: `Unknown fields: ${unknown.join(", ")}` });
        for (const reference of ["customer_id", "order_id"] as const) {
          const value = (payload as Record<string, unknown>)[reference];
          if (value !== undefined && !Number.isSafeInteger(value))
            userErrors.push({ field: ["payload", reference], message: `${reference} must be a numeric id` });
        }
      }
      if (userErrors.length === 0)
        received.push({ shop, handle, payload: payload as Record<string, unknown>, receivedAt: new Date().toISOString() });
      return { flowTriggerReceive: { userErrors } };
    },
    /** What Flow took, oldest first; one shop's with `shop`. */
    list: (shop?: string | null) => received.filter((trigger) => !shop || trigger.shop === shop),
  };
}
