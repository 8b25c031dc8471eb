import "@remix-run/node";

// Filled by server.ts for every request.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Also sent back as X-Request-Id. */
    requestId: string;
    /** The client's address (honours X-Forwarded-For only when TRUST_PROXY is set). */
    clientAddress: string;
    /**
     * One hop further out than `clientAddress`: the visitor a signing proxy
     * (Shopify's app proxy) forwards. Trust it only once the signature verifies.
     */
    forwardedAddress: string;
  }
}
