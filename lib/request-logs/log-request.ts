import type { TAuthContext } from "@/lib/auth/auth-context";
import { storableCopy } from "@/lib/http/storable-text";
import { log } from "@/lib/observability/logger";
import { bufferRequestLog } from "./buffer";

const maxPathLength = 2_048;
const maxErrorLength = 16_384;

/**
 * The error envelope of a failed response, read from a copy so the client's body is untouched.
 * It may name a field that held a NUL (the reason it was refused), so it is kept as jsonb can be.
 */
async function errorEnvelope(response: Response): Promise<Record<string, unknown> | null> {
  if (response.status < 400) return null;
  const text = await response.clone().text();
  if (text.length > maxErrorLength) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object"
      ? (storableCopy(parsed) as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Adds an answered /v1 request to its organization's request log. Only the path is kept (a
 * query string may carry what a caller did not mean to store), never headers or the request
 * body. A request no credential vouched for has no organization and is not logged.
 */
export function logRequest({
  requestId,
  method,
  url,
  auth,
  response,
  startedAt,
}: {
  requestId: string;
  method: string;
  url: URL;
  auth: TAuthContext | undefined;
  response: Response;
  startedAt: number;
}): void {
  if (!auth) return;
  const latencyMs = Math.round(performance.now() - startedAt);
  const entry = {
    id: requestId,
    organizationId: auth.organizationId,
    environment: auth.environment,
    method,
    path: url.pathname.slice(0, maxPathLength),
    status: response.status,
    latencyMs,
    keyId: auth.credential.kind === "api_key" ? auth.credential.keyId : null,
    tokenId: auth.credential.kind === "jwt" ? auth.credential.tokenId : null,
    agentId: auth.credential.kind === "jwt" ? auth.credential.agentId : null,
    createdAt: new Date(Date.now() - latencyMs),
  };
  errorEnvelope(response)
    .then((error) => bufferRequestLog({ ...entry, error }))
    .catch((err) => {
      log.warn({ err, requestId }, "request logs: could not read the error body");
      bufferRequestLog({ ...entry, error: null });
    });
}
