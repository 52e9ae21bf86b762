import { errorStatuses, type TErrorCode } from "./error-codes";

/** An error whose message is safe to show the caller; anything else becomes internal_error. */
export class ApiError extends Error {
  readonly code: TErrorCode;
  readonly param?: string;
  readonly headers?: Record<string, string>;

  constructor(options: {
    code: TErrorCode;
    message: string;
    param?: string;
    headers?: Record<string, string>;
  }) {
    super(options.message);
    this.name = "ApiError";
    this.code = options.code;
    this.param = options.param;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatuses[this.code];
  }
}

export const notFound = (what: string, id: string) =>
  new ApiError({ code: "not_found", message: `No ${what} with id '${id}'.` });

export const conflict = (message: string, param?: string) =>
  new ApiError({ code: "conflict", message, param });

/**
 * A conflict that passes by itself (another call on the resource is still running): it carries
 * Retry-After, and is not stored under an Idempotency-Key, so the same request retried runs.
 */
export const busy = (message: string, retryAfterSeconds = 1) =>
  new ApiError({
    code: "conflict",
    message,
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const invalid = (message: string, param?: string) =>
  new ApiError({ code: "invalid_request", message, param });
