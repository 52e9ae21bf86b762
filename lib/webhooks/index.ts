export {
  alwaysRefused,
  classifyAddress,
  refusedCategory,
  type TAddressCategory,
} from "./address-ranges";
export { allowPrivateUrls, retryScale } from "./config";
export { pinnedLookup } from "./pinned-lookup";
export { parseRetryAfter } from "./retry-after";
export {
  disableAfterFailingMs,
  maxDeliveryAttempts,
  maxRetryAfterMs,
  nextRetry,
  retryDelaysMs,
  shouldDisableEndpoint,
  type TNextRetry,
} from "./schedule";
export {
  decodeWebhookSecret,
  type TDecodedSecret,
  type TWebhookSecret,
  webhookSecretKey,
  ZWebhookSecret,
} from "./secret";
export {
  defaultSendTimeoutMs,
  maxResponseBodyBytes,
  sendWebhook,
  type TSendErrorCode,
  type TSendResult,
  webhookUserAgent,
} from "./send";
export {
  defaultToleranceSeconds,
  signatureVersion,
  signWebhook,
  type TSignatureHeaders,
  type TVerifyResult,
  verifyWebhook,
} from "./signing";
export {
  checkWebhookUrl,
  maxWebhookUrlLength,
  resolveHost,
  type TResolveHost,
  type TUrlCheck,
  type TUrlRefusal,
  type TVettedAddress,
} from "./url-safety";
