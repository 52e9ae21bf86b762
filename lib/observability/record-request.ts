import type { TAuthContext } from "@/lib/auth/auth-context";
import { logger } from "./logger";
import { metrics } from "./metrics";

export type TRateLimitOutcome = "allowed" | "refused" | "off";

/** What the rate limiter decided, read from the answer it shaped. */
export function rateLimitOutcome(response: Response): TRateLimitOutcome {
  if (response.status === 429) return "refused";
  return response.headers.has("X-RateLimit-Limit") ? "allowed" : "off";
}

/**
 * One JSON log line and the request metrics for an answered /v1 request. The credential is named
 * by its key id or token id (jti), never by anything that authenticates.
 */
export function recordRequest({
  requestId,
  operation,
  method,
  environment,
  auth,
  response,
  startedAt,
}: {
  requestId: string;
  operation: string;
  method: string;
  environment: string;
  auth: TAuthContext | undefined;
  response: Response;
  startedAt: number;
}): void {
  const seconds = (performance.now() - startedAt) / 1000;
  const rateLimit = rateLimitOutcome(response);
  const current = metrics();
  current.requests.inc({ operation, status: String(response.status) });
  current.requestDuration.observe({ operation }, seconds);
  if (rateLimit === "refused") current.rateLimited.inc();
  const credential = auth?.credential;
  logger().info(
    {
      kind: "request",
      requestId,
      method,
      operation,
      organizationId: auth?.organizationId,
      environment,
      credential:
        credential?.kind === "api_key"
          ? { kind: "api_key", keyId: credential.keyId }
          : credential
            ? { kind: "agent_token", jti: credential.tokenId, agentId: credential.agentId }
            : undefined,
      status: response.status,
      latencyMs: Math.round(seconds * 10_000) / 10,
      rateLimit,
    },
    "request",
  );
}
