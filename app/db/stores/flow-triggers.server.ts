import type { FlowTriggerJob, FlowTriggerStore } from "~/domain/stores";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import { db, isDatabaseBusy, transaction } from "../client.server";

/** Shopify Flow triggers (the FlowTrigger outbox, decision 0049): every query of them. */
export const flowTriggerStore: FlowTriggerStore = {
  async queue(triggers) {
    if (triggers.length > 0)
      await db.flowTrigger.createMany({ data: triggers.map((trigger) => ({ ...trigger, payload: trigger.payload as object })) });
  },
};

/** Which triggers a sender takes (e.g. one shop's, in tests). */
export interface FlowTriggerFilter {
  shop?: string;
}

/** The FlowTrigger outbox as the sender (app/adapters/shopify/flow-trigger-sender.server.ts) works it. */
export const flowTriggerQueue: Omit<OutboxTableOptions<FlowTriggerJob>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it.
  delegate: { findMany: (args) => db.flowTrigger.findMany(args), updateMany: (args) => db.flowTrigger.updateMany(args) },
  heldStatus: "SENDING",
  claimData: { attempts: { increment: 1 } },
  load: (id) => db.flowTrigger.findUnique({ where: { id }, select: { id: true, shop: true, handle: true, payload: true, attempts: true } }),
  transaction,
  isTransient: isDatabaseBusy,
};
