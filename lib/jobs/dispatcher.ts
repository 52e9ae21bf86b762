import type postgres from "postgres";
import { log } from "@/lib/observability/logger";
import type { TJobEvent } from "./ingest-events";
import { onOutboxWritten } from "./outbox-signal";
import { WakeSignal } from "./wake-signal";

export type TDeliver = (tx: postgres.TransactionSql, events: TJobEvent[]) => Promise<void>;

const BATCH = 200;
// Without NOTIFY, a write in this process is told before its commit, so look again quickly: the
// writer's transaction commits within a few milliseconds.
const FOLLOW_UP_MS = [1, 2, 5, 10, 20, 50, 100];

/**
 * Turns committed outbox rows into events, exactly once in effect: rows are claimed with
 * FOR UPDATE SKIP LOCKED (several processes can dispatch at once), marked and delivered in the
 * same transaction. The event id is the row id, so a delivery repeated after a crash between
 * delivering and committing is ignored by the receiver (Inngest, or the embedded intake).
 */
export function startDispatcher(options: {
  sql: postgres.Sql;
  deliver: TDeliver;
  afterDelivery?: () => void;
  pollMs: number;
  /**
   * Wake on every process's outbox writes through PostgreSQL NOTIFY, which arrives at their
   * commit; otherwise (the embedded database) on this process's writes, before their commit.
   */
  listen: boolean;
}): { stop: () => Promise<void> } {
  const signal = new WakeSignal();
  let stopped = false;
  if (options.listen) listenForOutboxWrites(options.sql, () => signal.notify());
  else onOutboxWritten(() => signal.notify());
  const followUps = options.listen ? [] : FOLLOW_UP_MS;
  let failures = 0;
  const loop = async () => {
    let followUp = followUps.length;
    while (!stopped) {
      try {
        const count = await dispatchBatch(options.sql, options.deliver);
        failures = 0;
        if (count > 0) {
          options.afterDelivery?.();
          followUp = 0;
          if (count === BATCH) continue;
        }
      } catch (error) {
        failures += 1;
        log.error({ err: error }, "outbox dispatcher: delivery failed, retrying");
        // Interruptible, so that a stop does not wait out the backoff.
        await signal.wait(Math.min(30_000, 250 * 2 ** failures));
        continue;
      }
      const delay = followUps[followUp];
      if (delay !== undefined) {
        followUp += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
        continue;
      }
      followUp = (await signal.wait(options.pollMs)) ? 0 : followUps.length;
    }
  };
  const running = loop();
  return {
    /** Finishes the batch in hand (its transaction commits or rolls back) and dispatches no more. */
    stop: async () => {
      stopped = true;
      signal.notify();
      await running;
    },
  };
}

/**
 * The `outbox_written` trigger notifies at every commit that wrote outbox rows. postgres.js
 * keeps the listening connection open and listens again after a reconnect (`onlisten`), when
 * a notification may have been missed, so that wakes the dispatcher too. Without it (the
 * listen refused) the dispatcher still finds other processes' rows by polling.
 */
function listenForOutboxWrites(sql: postgres.Sql, wake: () => void) {
  sql.listen("outbox_written", wake, wake).catch((error: unknown) => {
    log.error(
      { err: error },
      "outbox dispatcher: cannot listen for other processes' writes, polling only",
    );
  });
}

/**
 * One transaction: the oldest undispatched rows are claimed and marked dispatched in its first
 * statement, then delivered; a failed delivery rolls the marks back.
 */
async function dispatchBatch(pool: postgres.Sql, deliver: TDeliver): Promise<number> {
  return pool.begin(async (sql) => {
    const rows = await sql<
      { seq: number; id: string; name: string; data: Record<string, unknown>; ts: number }[]
    >`
      with picked as (
        select seq from outbox
        where dispatched_at is null and (not_before is null or not_before <= now())
        order by seq limit ${BATCH}
        for update skip locked)
      update outbox set dispatched_at = now() from picked where outbox.seq = picked.seq
      returning outbox.seq, id, name, data, (extract(epoch from created_at) * 1000)::float8 as ts`;
    if (rows.length === 0) return 0;
    rows.sort((a, b) => a.seq - b.seq);
    await deliver(
      sql,
      rows.map((row) => ({ id: row.id, name: row.name, data: row.data, ts: row.ts })),
    );
    return rows.length;
  });
}
