import { and, eq, isNull, lte, or } from "drizzle-orm";
import { config } from "@/config";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { IDEMPOTENCY_HEADER } from "./header";

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1_000;

/**
 * How long an in-flight claim holds its key without renewal (`IDEMPOTENCY_LEASE_MS`): the
 * process running the request renews it, so a claim left by a crashed process is taken over by
 * the next retry after this long instead of locking the key for the whole retention.
 */
export const idempotencyLeaseMs = () => config().IDEMPOTENCY_LEASE_MS;

export type TIdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: string };

export type TClaimInput = { tenant: TTenant; key: string; requestHash: string };

const keyOf = ({ tenant, key }: TClaimInput) =>
  and(
    eq(idempotencyKeys.organizationId, tenant.organizationId),
    eq(idempotencyKeys.environment, tenant.environment),
    eq(idempotencyKeys.key, key),
  );

/**
 * Claims the key before the handler runs: one INSERT that at most one of any number of
 * concurrent identical requests can win (an expired record, or the same request's claim whose
 * lease ran out, is taken over in the same statement).
 * The others replay the stored response, or get 409 while the first still runs or when the key
 * was used for a different request or by another credential.
 */
export async function claimIdempotencyKey(input: TClaimInput): Promise<TIdempotencyClaim> {
  // A record released (5xx) between our INSERT and SELECT is claimable again: try once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        organizationId: input.tenant.organizationId,
        environment: input.tenant.environment,
        key: input.key,
        requestHash: input.requestHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
        lockedUntil: new Date(now.getTime() + idempotencyLeaseMs()),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.organizationId, idempotencyKeys.environment, idempotencyKeys.key],
        set: {
          requestHash: input.requestHash,
          responseStatus: null,
          responseBody: null,
          createdAt: now,
          completedAt: null,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
          lockedUntil: new Date(now.getTime() + idempotencyLeaseMs()),
        },
        setWhere: or(
          lte(idempotencyKeys.expiresAt, now),
          and(
            isNull(idempotencyKeys.completedAt),
            lte(idempotencyKeys.lockedUntil, now),
            eq(idempotencyKeys.requestHash, input.requestHash),
          ),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed) return { kind: "claimed" };

    const [existing] = await db.select().from(idempotencyKeys).where(keyOf(input));
    if (!existing) continue;
    if (existing.requestHash !== input.requestHash) {
      throw conflict(
        `This ${IDEMPOTENCY_HEADER} was already used for a different request (method, path or body) or by another credential; use a new key.`,
        IDEMPOTENCY_HEADER,
      );
    }
    if (existing.responseStatus === null || existing.responseBody === null) {
      throw conflict(
        `A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry after it has finished.`,
        IDEMPOTENCY_HEADER,
      );
    }
    return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
  }
  throw conflict(
    `A request with this ${IDEMPOTENCY_HEADER} is being retried concurrently; retry shortly.`,
    IDEMPOTENCY_HEADER,
  );
}
