/*
 * settle.e2e: what a merchant waits for, at half the rate settle.sustained kept up with. Each
 * settlement's time from its execute call (as this client sent it) to the later of its receipt
 * sealed into the log (the receipt's verifiedAt, set by the sealing) and its `settlement.executed`
 * webhook received by an endpoint on 127.0.0.1; goal: p99 under 1.5 s. The trial runs on the
 * deployment settle.sustained searched, right after the search (bench/settle.ts).
 */
import type postgres from "postgres";
import { startReceiver } from "@/lib/webhooks/test-fixtures/receiver";
import { percentile } from "./lib/measure";
import { paced } from "./lib/paced";
import { dealAgents, pendingSettlements, type TSandboxApi } from "./lib/sandbox-deals";
import { vacuumDatabase } from "./lib/vacuum";

export type TEndToEnd = {
  rate: number;
  count: number;
  /** Settlements whose receipt was sealed and whose webhook arrived before the deadline. */
  completed: number;
  p50: number;
  p99: number;
  /** p99 of each half of the wait alone: execute → sealed, execute → webhook received. */
  p99Sealed: number;
  p99Webhook: number;
};

/** How long after the last execute call the trial waits for the rest. */
const waitAfterLastMs = 30_000;

const p = (values: number[], at: number) =>
  Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      at,
    ),
  );

/**
 * Subscribes an endpoint to `settlement.executed`, prepares `rate × seconds` settlements
 * (not measured), starts their execute calls at `rate` per second and waits until every
 * receipt is sealed and every webhook received, or 30 s after the last call. A settlement
 * still missing either by then counts with the time waited: a lower bound on its latency.
 */
export async function endToEndTrial({
  url,
  api,
  sql,
  rate,
  seconds,
}: {
  url: string;
  /** A client on fresh connections: one for the preparation, another for the execute calls. */
  api: () => TSandboxApi;
  sql: postgres.Sql;
  rate: number;
  seconds: number;
}): Promise<TEndToEnd> {
  const receivedAt = new Map<string, number>();
  const receiver = await startReceiver({
    handler: ({ received, res }) => {
      const event = JSON.parse(received.body) as { type: string; data: { object: { id: string } } };
      if (event.type === "settlement.executed") receivedAt.set(event.data.object.id, Date.now());
      res.writeHead(204).end();
    },
  });
  try {
    const prepare = api();
    await prepare("POST", "/webhooks", {
      url: `${receiver.origin}/settlements`,
      events: ["settlement.executed"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const count = Math.max(1, Math.round(rate * seconds));
    const ids = await pendingSettlements(prepare, await dealAgents(prepare), count);
    await vacuumDatabase(url);
    const execute = api();
    const sentAt = new Map<string, number>();
    const failures: string[] = [];
    await paced(count, rate, (index) => {
      sentAt.set(ids[index]!, Date.now());
      return execute("POST", `/settlements/${ids[index]}/execute`, {}).catch((error: Error) =>
        failures.push(error.message),
      );
    });
    if (failures.length > 0)
      console.log(
        `  settle.e2e: ${failures.length} execute calls failed, the first: ${failures[0]}`,
      );
    const deadline = Date.now() + waitAfterLastMs;
    let sealedAt = new Map<string, number>();
    let completed = 0;
    for (;;) {
      const rows = await sql<{ settlementId: string; sealedAt: Date }[]>`
        select settlement_id as "settlementId", verified_at as "sealedAt" from receipts
        where settlement_id = any(${ids}) and log_index is not null`;
      sealedAt = new Map(rows.map((row) => [row.settlementId, row.sealedAt.getTime()]));
      completed = ids.filter((id) => sealedAt.has(id) && receivedAt.has(id)).length;
      if (completed === count || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const waited = Date.now();
    const since = (id: string, at: Map<string, number>) => (at.get(id) ?? waited) - sentAt.get(id)!;
    const sealed = ids.map((id) => since(id, sealedAt));
    const webhook = ids.map((id) => since(id, receivedAt));
    const latest = ids.map((_, index) => Math.max(sealed[index]!, webhook[index]!));
    return {
      rate,
      count,
      completed,
      p50: p(latest, 50),
      p99: p(latest, 99),
      p99Sealed: p(sealed, 99),
      p99Webhook: p(webhook, 99),
    };
  } finally {
    await receiver.close();
  }
}
