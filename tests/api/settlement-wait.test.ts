import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, eventually } from "../support/api";
import { pendingSettlement } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;

beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(async () => {
  await tenant?.remove();
});

const execute = (settlementId: string, headers: Record<string, string>) =>
  call("POST", `/settlements/${settlementId}/execute`, {
    key: tenant.keys.sandbox,
    body: {},
    headers,
  });

describe("POST /settlements/:id/execute with Prefer: wait", () => {
  test("answers 200 with the final settlement when it finishes in time", async () => {
    const { settlement } = await pendingSettlement(tenant.keys.sandbox);
    const answer = await execute(settlement.id, { prefer: "wait=10" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("preference-applied")).toBe("wait=10");
    expect(answer.body).toMatchObject({ id: settlement.id, status: "executed" });
    const read = await call("GET", `/settlements/${settlement.id}`, { key: tenant.keys.sandbox });
    expect(read.body.status).toBe("executed");
  });

  test("answers 202 as without it when the rail is slower than the wait", async () => {
    const { settlement } = await pendingSettlement(tenant.keys.sandbox, { value: 40005 });
    const answer = await execute(settlement.id, { prefer: "wait=1" });
    expect(answer.status).toBe(202);
    expect(answer.headers.get("preference-applied")).toBeNull();
    expect(answer.body).toMatchObject({ id: settlement.id, status: "executing" });
  });

  test("a concurrent second execute still gets 409; a replay of the key gets the first answer", async () => {
    // The slow rail keeps it executing while the first call waits, so the second meets it there.
    const { settlement } = await pendingSettlement(tenant.keys.sandbox, { value: 40005 });
    const key = `wait-${Date.now()}`;
    const waiting = execute(settlement.id, { prefer: "wait=10", "idempotency-key": key });
    await eventually(async () => {
      const read = await call("GET", `/settlements/${settlement.id}`, { key: tenant.keys.sandbox });
      expect(read.body.status).toBe("executing");
    });
    const second = await execute(settlement.id, { prefer: "wait=10" });
    const first = await waiting;
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: settlement.id, status: "executed" });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("conflict");
    const replay = await execute(settlement.id, { prefer: "wait=10", "idempotency-key": key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });
});
