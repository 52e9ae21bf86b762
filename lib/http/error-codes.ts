export const errorStatuses = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  mandate_expired: 422,
  mandate_currency_not_allowed: 422,
  mandate_limit_exceeded: 422,
  mandate_daily_limit_exceeded: 422,
  mandate_counterparty_not_allowed: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type TErrorCode = keyof typeof errorStatuses;
export const errorCodeList = Object.keys(errorStatuses) as TErrorCode[];
