import { flowTriggerQueue, type FlowTriggerFilter } from "~/db/stores/flow-triggers.server";
import { flowTriggerPayload, type FlowFacts, type FlowPayload } from "~/domain/flow-triggers.server";
import type { FlowTriggerJob } from "~/domain/stores";
import { OutboxError } from "~/lib/outbox-error";
import { outboxSettings, OutboxTable, OutboxWorker, type OutboxTuning } from "~/lib/outbox-worker";
import { run, type GraphqlClient } from "./admin-graphql.server";
import { shopifyOfflineAdmin, type OfflineAdmin } from "./offline-admin.server";

export const FLOW_TRIGGER_RECEIVE = `#graphql
mutation TwinCardsFlowTrigger($handle: String!, $payload: JSON!) {
  flowTriggerReceive(handle: $handle, payload: $payload) {
    userErrors { field message }
  }
}`;

/** Sends one trigger; Shopify's userErrors (a payload Flow refuses) cannot be retried. */
export async function sendFlowTrigger(graphql: GraphqlClient, handle: string, payload: FlowPayload): Promise<void> {
  let answer: { flowTriggerReceive: { userErrors: { message: string }[] } | null };
  try {
    answer = await run(graphql, FLOW_TRIGGER_RECEIVE, { handle, payload });
  } catch (error) {
    throw new OutboxError(`Shopify did not take the trigger: ${(error as Error)?.message ?? String(error)}`, true);
  }
  if (!answer.flowTriggerReceive) throw new OutboxError("Shopify did not take the trigger: it answered no flowTriggerReceive", true);
  const refused = answer.flowTriggerReceive.userErrors;
  if (refused.length > 0)
    throw new OutboxError(`Shopify Flow refused the trigger: ${refused.map((error) => error.message).join("; ")}`, false);
}

export interface FlowTriggerSenderOptions extends OutboxTuning {
  admin?: OfflineAdmin;
  where?: FlowTriggerFilter;
}

/**
 * Sends the queued Shopify Flow triggers (decision 0049) with the shared outbox loop:
 * each once, after the change committed, retried with backoff through a Shopify outage
 * (about a day), FAILED when Flow refuses its payload, SKIPPED when it concerns no
 * Shopify customer or the app is not installed.
 */
export class FlowTriggerSender extends OutboxWorker<FlowTriggerJob> {
  private readonly admin: OfflineAdmin;

  constructor(options: FlowTriggerSenderOptions = {}) {
    super(
      "Flow trigger sender",
      new OutboxTable({ ...flowTriggerQueue, where: options.where }),
      outboxSettings(options, {
        maxAttempts: 30,
        leaseMs: 60_000,
        backoffBaseMs: 10_000,
        backoffMaxMs: 60 * 60 * 1000,
        unknownErrorsRetryable: true,
      }),
    );
    this.admin = options.admin ?? shopifyOfflineAdmin;
  }

  protected async handle(job: FlowTriggerJob, held: { id: string; lease: Date }): Promise<string> {
    const claim = { ...held, label: `Flow trigger ${job.id} (${job.handle}, ${job.shop})` };
    try {
      const built = await flowTriggerPayload(job.shop, job.handle, job.payload as FlowFacts);
      if ("skip" in built) return await this.skip(claim, built.skip);
      const graphql = await this.admin(job.shop);
      if (graphql === "not-installed") return await this.skip(claim, "The app is not installed on this shop (no access token)");
      await sendFlowTrigger(graphql, job.handle, built.payload);
      return await this.record(claim, "SENT", { status: "SENT", sentAt: new Date(), lockedUntil: null, lastError: null });
    } catch (error) {
      return this.retryOrFail(claim, job.attempts, error);
    }
  }

  private skip(claim: { id: string; lease: Date; label: string }, reason: string) {
    return this.record(claim, "SKIPPED", { status: "SKIPPED", lockedUntil: null, lastError: reason });
  }
}
