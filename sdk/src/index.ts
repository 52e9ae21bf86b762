export {
  agreementPayloadText,
  mandateStatementText,
  newNegotiationId,
  proposalPayloadText,
  type TAgreementStatement,
  type TSignatureRequirement,
} from "./agreements";
export {
  createClient,
  DEFAULT_BASE_URL,
  type TAgentSettlementClient,
  type TCallOptions,
  type TClientOptions,
  type TRequestOptions,
} from "./client";
export {
  AgentSettlementError,
  ApiConnectionError,
  ApiServerError,
  AuthenticationError,
  ConflictError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  type TAgentSettlementErrorFields,
} from "./errors";
export type * from "./generated/openapi";
export { type TListCall, TO_ARRAY_MAX } from "./list";
export {
  type TReceiptBundleVerification,
  type TVerifyCheck,
  type TWitnessPolicy,
  verifyReceiptBundle,
} from "./receipts";
export type { TRetryOptions } from "./retry";
export type { TWaitOptions } from "./wait";
export {
  signWebhookForTest,
  type TWebhookEvent,
  verifyWebhook,
  WebhookVerificationError,
} from "./webhooks";
