/** A Shopify Flow trigger waiting to be sent (the FlowTrigger outbox, decision 0049). */
export interface NewFlowTrigger {
  id: string;
  shop: string;
  /** The event it tells Flow of: the trigger goes when the event does (30 days, or the shop's redaction). */
  eventId: string;
  /** The trigger extension's handle, e.g. `card-claimed`. */
  handle: string;
  /** What the event says (app/domain/flow-triggers.server.ts: FlowFacts); completed when sent. */
  payload: unknown;
}

/** A claimed trigger, as its sender needs it. */
export interface FlowTriggerJob {
  id: string;
  shop: string;
  handle: string;
  payload: unknown;
  attempts: number;
}

export interface FlowTriggerStore {
  /** Queues triggers in the caller's transaction. */
  queue(triggers: NewFlowTrigger[]): Promise<void>;
}
