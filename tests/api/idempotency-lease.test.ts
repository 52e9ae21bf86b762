import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { agents, idempotencyKeys, sandboxCharges } from "@/db/schema";
import { idempotencyCaller, idempotencyRequestHash } from "@/lib/idempotency/request-hash";
import { call } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const post = (path: string, idempotencyKey: string, body: unknown = {}) =>
  call("POST", path, {
    key: tenant.keys.sandbox,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });

/** What a process that died while running the request leaves: a claim nobody renews. */
async function abandonedClaim(key: string, path: string, body: unknown, lockedUntil: Date) {
  await db.insert(idempotencyKeys).values({
    organizationId: tenant.organizationId,
    environment: "sandbox",
    key,
    requestHash: idempotencyRequestHash({
      method: "POST",
      url: `${inject("baseUrl")}/v1${path}`,
      body,
      caller: idempotencyCaller({
        credential: { kind: "api_key", keyId: tenant.keyIds.sandbox },
        scopes: new Set(),
      }),
    }),
    expiresAt: new Date(Date.now() + 86_400_000),
    lockedUntil,
  });
}

const past = () => new Date(Date.now() - 1_000);

describe("a claim whose lease ran out", () => {
  test("is taken over by the same request, which then runs once and replays", async () => {
    const key = randomUUID();
    const body = { name: `Lease ${key}` };
    await abandonedClaim(key, "/agents", body, past());
    const retried = await post("/agents", key, body);
    expect(retried.status).toBe(201);
    const replayed = await post("/agents", key, body);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body.id).toBe(retried.body.id);
    const named = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.organizationId, tenant.organizationId), eq(agents.name, body.name)));
    expect(named).toHaveLength(1);
  });

  test("is not taken over by a different request, and a live lease still answers 409", async () => {
    const stale = randomUUID();
    await abandonedClaim(stale, "/agents", { name: "first" }, past());
    expectError(
      await post("/agents", stale, { name: "second" }),
      409,
      "conflict",
      "Idempotency-Key",
    );
    const live = randomUUID();
    const body = { name: `Live ${live}` };
    await abandonedClaim(live, "/agents", body, new Date(Date.now() + 60_000));
    const refused = expectError(
      await post("/agents", live, body),
      409,
      "conflict",
      "Idempotency-Key",
    );
    expect(refused.message).toContain("in progress");
  });

  test("execute and reverse stay exactly-once when the retry re-runs after a crash", async () => {
    const deal = await pendingSettlement(tenant.keys.sandbox);
    const executePath = `/settlements/${deal.settlement.id}/execute`;
    // The crashed request had executed before it died: its retry runs again and finds it done.
    const executeKey = randomUUID();
    await abandonedClaim(executeKey, executePath, {}, past());
    expect((await call("POST", executePath, { key: tenant.keys.sandbox })).status).toBe(202);
    expect((await settled(tenant.keys.sandbox, deal.settlement.id)).status).toBe("executed");
    expectError(await post(executePath, executeKey), 409, "conflict");

    const reversePath = `/settlements/${deal.settlement.id}/reverse`;
    const reverseKey = randomUUID();
    await abandonedClaim(reverseKey, reversePath, { reason: "refund" }, past());
    const reversed = await post(reversePath, reverseKey, { reason: "refund" });
    expect(reversed.body).toMatchObject({ status: "reversed", reason: "refund" });
    expect(
      (await post(reversePath, reverseKey, { reason: "refund" })).headers.get(
        "idempotent-replayed",
      ),
    ).toBe("true");

    const charges = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.settlementId, deal.settlement.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.status).toBe("reversed");
  });
});
