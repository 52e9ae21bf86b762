import { isDatabaseUnavailable } from "@/db/connection-failure";
import { ApiError } from "./api-error";

type TPostgresLikeError = { code?: string; constraint_name?: string; constraint?: string };

function postgresCode(error: unknown): TPostgresLikeError | undefined {
  let current: unknown = error;
  // drizzle wraps the driver's error in `cause`
  for (let depth = 0; current && depth < 3; depth++) {
    const candidate = current as TPostgresLikeError & { cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** How long a client should wait before retrying while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The one place where database errors become API errors. Only errors that are about the
 * request (a duplicate, a concurrent change) become 4xx; a database that cannot serve is 503
 * with Retry-After (retry with the same Idempotency-Key: a change whose answer was lost is
 * replayed, not repeated); any other database error stays a 500.
 */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  if (isDatabaseUnavailable(error)) {
    return new ApiError({
      code: "service_unavailable",
      message: `The database is unavailable; retry in ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  const pg = postgresCode(error);
  if (!pg?.code) return undefined;
  switch (pg.code) {
    case "23505":
      return new ApiError({
        code: "conflict",
        message: "A resource with these values already exists.",
      });
    case "40001":
    case "40P01":
      return new ApiError({
        code: "conflict",
        message: "The resource was changed by a concurrent request; retry the request.",
      });
    case "55P03":
      return new ApiError({
        code: "conflict",
        message: "The resource is busy; retry the request.",
      });
    default:
      return undefined;
  }
}
