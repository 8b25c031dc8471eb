/** A request made with an Idempotency-Key, and the response it got once finished. */
export interface IdempotencyRecordRow {
  id: string;
  shop: string;
  livemode: boolean;
  key: string;
  /** The fingerprint of the request (method, path, body). */
  requestHash: string;
  /** null while the first request is still running. */
  status: number | null;
  body: string | null;
  createdAt: Date;
}

export type NewIdempotencyRecord = Pick<IdempotencyRecordRow, "id" | "shop" | "livemode" | "key" | "requestHash"> &
  Partial<Pick<IdempotencyRecordRow, "status" | "body">>;

export interface IdempotencyStore {
  find(shop: string, livemode: boolean, key: string): Promise<IdempotencyRecordRow | null>;
  /** Claims the key: fails with a unique violation (`stores().isUniqueViolation`) when another request has it. */
  create(record: NewIdempotencyRecord): Promise<IdempotencyRecordRow>;
  saveResponse(id: string, response: { status: number; body: string }): Promise<void>;
  /** Frees the key of this very record (not of one made since with the same key). */
  forget(id: string, createdAt: Date): Promise<void>;
  purgeCreatedBefore(before: Date): Promise<void>;
  /** The shop's records whose stored response mentions `text` (a customer's owner id); how many there were. */
  deleteMentioning(shop: string, text: string): Promise<number>;
  deleteForShop(shop: string): Promise<number>;
}
