import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { call, eventually } from "../support/api";
import type { TChildServer } from "../support/child-server";
import { crashTarget, type TCrashTarget } from "../support/crash-target";
import { pendingSettlement } from "../support/deals";
import { startReceiver } from "../support/receiver";

/**
 * SIGKILL of the server at the worst moments, then a restart on the same data: on PostgreSQL in
 * the main run and on the embedded database in the TEST_DB=pglite run. Nothing is lost, nothing
 * happens twice, and no Idempotency-Key stays locked.
 */
let target: TCrashTarget;
let server: TChildServer;

beforeAll(async () => {
  target = await crashTarget({
    // The slow rail answers within the rail timeout; a reversal's claim goes stale after two.
    SANDBOX_SLOW_MS: "3000",
    RAIL_TIMEOUT_MS: "5000",
    JOBS_LEASE_MS: "1500",
    JOBS_RETRY_SCALE: "0.01",
    IDEMPOTENCY_LEASE_MS: "1500",
  });
  server = target.first;
}, 120_000);

afterAll(async () => {
  await target?.cleanup();
});

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(method, path, { key: target.key, baseUrl: server.baseUrl, body, headers });

async function restart() {
  await server.kill();
  server = await target.start();
}

const countOf = async (text: string, params: unknown[]) =>
  Number((await target.read<{ n: string }>(text, params))[0]?.n ?? 0);

const eventsOf = (type: string, settlementId: string) =>
  countOf(`select count(*) as n from events where type = $1 and data->'object'->>'id' = $2`, [
    type,
    settlementId,
  ]);

describe("a crash", () => {
  test("mid-execution and mid-seal: executed once, charged once, one receipt that verifies", async () => {
    const { settlement } = await pendingSettlement(target.key, {
      value: sandboxTriggers.slow,
      baseUrl: server.baseUrl,
    });
    expect((await api("POST", `/settlements/${settlement.id}/execute`, {})).status).toBe(202);
    // The slow rail has taken the payment and is still answering: kill now.
    await eventually(async () => {
      const charges = await countOf(
        `select count(*) as n from sandbox_charges where settlement_id = $1`,
        [settlement.id],
      );
      expect(charges).toBe(1);
    }, 20_000);
    await restart();

    const executed = await eventually(async () => {
      const current = await api("GET", `/settlements/${settlement.id}`);
      expect(current.body.status).toBe("executed");
      return current.body;
    }, 60_000);
    expect(executed.id).toBe(settlement.id);
    const receipt = await eventually(async () => {
      const listed = await api("GET", `/receipts?settlementId=${settlement.id}`);
      expect(listed.body.data).toHaveLength(1);
      return listed.body.data[0];
    }, 30_000);
    // Verified once the receipt is sealed into the log.
    await eventually(async () => {
      const verified = await api("POST", `/receipts/${receipt.id}/verify`, {});
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ status: "valid", hashMatch: true });
    }, 30_000);
    expect(await eventsOf("settlement.executed", settlement.id)).toBe(1);
    expect(
      await countOf(`select count(*) as n from receipts where settlement_id = $1`, [settlement.id]),
    ).toBe(1);
  }, 150_000);

  test("mid-reversal, inside an idempotent request: reversed once, and the key is not locked", async () => {
    const { settlement } = await pendingSettlement(target.key, {
      value: sandboxTriggers.slow,
      baseUrl: server.baseUrl,
    });
    expect((await api("POST", `/settlements/${settlement.id}/execute`, {})).status).toBe(202);
    await eventually(async () => {
      expect((await api("GET", `/settlements/${settlement.id}`)).body.status).toBe("executed");
    }, 30_000);

    const idempotency = { "Idempotency-Key": `reverse-${settlement.id}` };
    const path = `/settlements/${settlement.id}/reverse`;
    const inFlight = api("POST", path, { reason: "crash test" }, idempotency).catch(
      () => undefined,
    );
    // The rail has reversed the charge and is still answering: kill now.
    await eventually(async () => {
      const reversed = await countOf(
        `select count(*) as n from sandbox_charges where settlement_id = $1 and reversed_at is not null`,
        [settlement.id],
      );
      expect(reversed).toBe(1);
    }, 20_000);
    await restart();
    expect(await inFlight).toBeUndefined();

    // The same request again, once the key's lease and the reversal's claim have run out: it
    // answers the reversal, whether it took the claim over or the complete-reversal job recorded
    // it first.
    const retried = await eventually(async () => {
      const response = await api("POST", path, { reason: "crash test" }, idempotency);
      expect(response.status).toBe(200);
      return response;
    }, 45_000);
    expect(retried.body.status).toBe("reversed");
    await eventually(async () => {
      expect((await api("GET", `/settlements/${settlement.id}`)).body.status).toBe("reversed");
    }, 30_000);
    expect(await eventsOf("settlement.reversed", settlement.id)).toBe(1);
    const [charge] = await target.read<{ status: string; attempts: number }>(
      `select status, attempts from sandbox_charges where settlement_id = $1`,
      [settlement.id],
    );
    expect(charge).toMatchObject({ status: "reversed", attempts: 1 });
  }, 150_000);

  test("mid-webhook-delivery: after the restart every event is delivered, each attempt once", async () => {
    const answered = new Map<string, number[]>();
    const receiver = await startReceiver({
      handler: async ({ received, res }) => {
        const id = String(received.headers["webhook-id"]);
        // Every first try is still in flight when the kill comes.
        if (!answered.has(id)) await new Promise((resolve) => setTimeout(resolve, 1_500));
        answered.set(id, [...(answered.get(id) ?? []), 200]);
        res.writeHead(200).end("ok");
      },
    });
    try {
      const endpoint = await api("POST", "/webhooks", {
        url: `${receiver.origin}/hook`,
        events: ["agent.registered"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      for (let index = 0; index < 5; index++) {
        expect((await api("POST", "/agents", { name: `Hooked ${index}` })).status).toBe(201);
      }
      await eventually(async () => expect(receiver.received.length).toBeGreaterThan(0), 20_000);
      await restart();

      const deliveries = await eventually(async () => {
        const rows = await target.read<{ status: string; event_id: string }>(
          `select status, event_id from webhook_deliveries where endpoint_id = $1`,
          [endpoint.body.id],
        );
        expect(rows).toHaveLength(5);
        expect(rows.every((row) => row.status === "delivered")).toBe(true);
        return rows;
      }, 60_000);
      const received = new Set(receiver.received.map((request) => request.headers["webhook-id"]));
      expect(received.size).toBe(5);
      for (const delivery of deliveries) expect(answered.has(delivery.event_id)).toBe(true);
      // Every request the receiver got is a recorded attempt of its own: none was sent twice.
      const attempts = await target.read<{ event_id: string; n: string }>(
        `select d.event_id, count(*) as n from webhook_attempts a
         join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1
         group by d.event_id`,
        [endpoint.body.id],
      );
      for (const { event_id, n } of attempts) {
        const requests = receiver.received.filter((r) => r.headers["webhook-id"] === event_id);
        // An attempt the kill interrupted may never have reached the receiver.
        expect(requests.length).toBeGreaterThanOrEqual(1);
        expect(requests.length).toBeLessThanOrEqual(Number(n));
      }
    } finally {
      await receiver.close();
    }
  }, 150_000);
});
