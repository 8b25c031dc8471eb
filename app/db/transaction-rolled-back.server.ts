/** A transaction PostgreSQL rolled back at its end, because a statement in it had failed (and the work caught that failure). */
export class TransactionRolledBack extends Error {
  override name = "TransactionRolledBack";
  constructor(options?: ErrorOptions) {
    super("The transaction was rolled back: a statement in it failed", options);
  }
}
