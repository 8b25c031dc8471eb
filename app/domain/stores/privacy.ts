/** A customer data request as recorded, with the report the app answered it with. */
export interface StoredDataRequest {
  id: string;
  requestedAt: Date;
  /** The report as it was made (the domain's CustomerDataReport). */
  report: unknown;
}

export interface PrivacyStore {
  /**
   * Records a data request and its report; a request Shopify sends again (the same external
   * id) replaces its report instead of adding another.
   */
  saveDataRequest(request: {
    id: string;
    shop: string;
    customerId: string;
    externalId?: string;
    report: object;
  }): Promise<StoredDataRequest>;
  /** The shop's data requests, newest first. */
  dataRequests(shop: string): Promise<StoredDataRequest[]>;
  /** The shop's data requests, or one customer's; how many there were. */
  deleteDataRequests(shop: string, customerId?: string): Promise<number>;
  /** The shop's admin sessions (its access tokens); how many there were. */
  deleteSessions(shop: string): Promise<number>;
}
