import type { TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import type { TStoredAnswer } from "@/lib/http/operation";
import { log } from "@/lib/observability/logger";
import { claimIdempotencyKey, idempotencyLeaseMs } from "./claim";
import { finishIdempotentRequest, renewIdempotencyLease } from "./finish";
import { idempotencyCaller, idempotencyRequestHash } from "./request-hash";

export const REPLAYED_HEADER = "Idempotent-Replayed";

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Runs `respond` at most once per Idempotency-Key within an organization and environment: the
 * key is claimed first, and a later identical request from the same credential gets the stored
 * status and body back.
 */
export async function runIdempotently({
  request,
  auth,
  key,
  body,
  headers,
  storedAnswer,
  respond,
}: {
  request: Request;
  auth: TAuthContext;
  key: string;
  body: unknown;
  headers: Headers;
  /** How a success answer holding a credential is stored instead of as it is. */
  storedAnswer: TStoredAnswer | undefined;
  respond: () => Promise<Response>;
}): Promise<Response> {
  const claimInput = {
    tenant: tenantOf(auth),
    key,
    requestHash: idempotencyRequestHash({
      method: request.method,
      url: request.url,
      body,
      caller: idempotencyCaller(auth),
    }),
  };
  const claim = await claimIdempotencyKey(claimInput);
  if (claim.kind === "replay") {
    headers.set("content-type", "application/json; charset=utf-8");
    headers.set(REPLAYED_HEADER, "true");
    const body =
      storedAnswer && isSuccess(claim.status)
        ? JSON.stringify(await storedAnswer.unseal(JSON.parse(claim.body)))
        : claim.body;
    return new Response(body, { status: claim.status, headers });
  }
  // Renewed while the request runs, so only a claim whose process stopped goes stale.
  const renewal = setInterval(
    () =>
      renewIdempotencyLease(claimInput).catch((error) =>
        log.error(
          { err: error, idempotencyKey: key },
          "could not renew the lease of an Idempotency-Key",
        ),
      ),
    idempotencyLeaseMs() / 3,
  );
  const response = await respond().finally(() => clearInterval(renewal));
  try {
    const text = await response.clone().text();
    await finishIdempotentRequest({
      ...claimInput,
      status: response.status,
      body:
        storedAnswer && isSuccess(response.status)
          ? JSON.stringify(storedAnswer.seal(JSON.parse(text)))
          : text,
      retryLater: response.headers.has("Retry-After"),
    });
  } catch (error) {
    // The response is real and the client gets it; only a replay of it is lost.
    log.error(
      { err: error, idempotencyKey: key },
      "could not record the response for an Idempotency-Key",
    );
  }
  return response;
}
