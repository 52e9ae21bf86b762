export { parseRetryAfter } from "@/lib/webhooks/delivery/retry-after";
export {
  disableAfterFailingMs,
  maxDeliveryAttempts,
  maxRetryAfterMs,
  nextRetry,
  retryDelaysMs,
  retryScale,
  shouldDisableEndpoint,
  type TNextRetry,
} from "@/lib/webhooks/delivery/schedule";
export {
  defaultSendTimeoutMs,
  maxResponseBodyBytes,
  sendWebhook,
  type TSendErrorCode,
  type TSendResult,
  webhookUserAgent,
} from "@/lib/webhooks/delivery/send";
export {
  defaultToleranceSeconds,
  signatureVersion,
  signWebhook,
  type TSignatureHeaders,
  type TVerifyResult,
  verifyWebhook,
} from "@/lib/webhooks/delivery/signing";
export { type TWebhookSecret, ZWebhookSecret } from "@/lib/webhooks/endpoints/schemas";
export {
  decodeWebhookSecret,
  type TDecodedSecret,
  webhookSecretKey,
} from "@/lib/webhooks/endpoints/secret";
export {
  alwaysRefused,
  classifyAddress,
  refusedCategory,
  type TAddressCategory,
} from "@/lib/webhooks/url-safety/address-ranges";
export { pinnedLookup } from "@/lib/webhooks/url-safety/pinned-lookup";
export {
  resolveHost,
  type TResolveHost,
  type TVettedAddress,
} from "@/lib/webhooks/url-safety/resolve-host";
export {
  checkWebhookUrl,
  maxWebhookUrlLength,
  type TUrlCheck,
  type TUrlRefusal,
} from "@/lib/webhooks/url-safety/url-safety";
export { allowPrivateUrls } from "./url-safety/allow-private-urls";
