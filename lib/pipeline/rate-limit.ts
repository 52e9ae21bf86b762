import type { TAuthContext } from "@/lib/auth/auth-context";
import { ApiError } from "@/lib/http/api-error";
import { clientAddress } from "@/lib/http/client-address";
import { checkRateLimit, type TRateLimitOutcome } from "@/lib/ratelimit/check-rate-limit";
import { rateLimitStore } from "@/lib/ratelimit/rate-limit-store";
import { anonymousRule, rateLimitTiers } from "@/lib/ratelimit/tiers";

function setHeaders(headers: Headers, outcome: TRateLimitOutcome) {
  headers.set("X-RateLimit-Limit", String(outcome.limit));
  headers.set("X-RateLimit-Remaining", String(outcome.remaining));
  headers.set("X-RateLimit-Reset", String(outcome.reset));
}

/**
 * Spends one request of the caller's budget: its organization and environment by plan, or its
 * address with the Free numbers when it is not authenticated. Sets the X-RateLimit-* headers on
 * `headers` and throws 429 when the budget is spent. Does nothing when rate limiting is off.
 */
export async function enforceRateLimit({
  request,
  auth,
  headers,
}: {
  request: Request;
  auth: TAuthContext | undefined;
  headers: Headers;
}): Promise<void> {
  const store = rateLimitStore();
  if (!store) return;
  const outcome = await checkRateLimit(
    auth
      ? {
          store,
          identity: `org:${auth.organizationId}:${auth.environment}`,
          rule: rateLimitTiers[auth.plan],
        }
      : { store, identity: `address:${clientAddress(request)}`, rule: anonymousRule },
  );
  setHeaders(headers, outcome);
  if (outcome.allowed) return;
  throw new ApiError({
    code: "rate_limited",
    message: `Too many requests; retry in ${outcome.retryAfter} seconds.`,
    headers: { "Retry-After": String(outcome.retryAfter) },
  });
}
