export { TwinCardsClient } from "./client.js";
export type { ClientOptions, RequestOptions, WriteOptions } from "./transport.js";
export { PageRequest } from "./pagination.js";
export {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  GoneError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TwinCardsError,
  ValidationError,
  type ClientErrorCode,
  type TwinCardsErrorCode,
} from "./errors.js";
export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, verifyWebhookSignature, type VerifyOptions } from "./webhook-signature.js";
export { OPERATIONS, type OperationId } from "./operations.js";
export type * from "./types.js";
export type { components, operations, paths, webhooks } from "./openapi.js";
