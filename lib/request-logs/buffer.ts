import { config } from "@/config";
import { db } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/connection-failure";
import { requestLogs, type TNewRequestLogRow } from "@/db/schema";
import { log } from "@/lib/observability/logger";

// Entries not yet written, one buffer per process (shared by Next.js' bundles through globalThis).
const holder = globalThis as unknown as {
  __assRequestLogs?: {
    entries: TNewRequestLogRow[];
    /** Entries taken by a write still in flight: they count against the bound until it ends. */
    writing: number;
    dropped: number;
    timer: { handle: NodeJS.Timeout; dueAt: number } | null;
    flushes: Promise<void>;
  };
};
holder.__assRequestLogs ??= {
  entries: [],
  writing: 0,
  dropped: 0,
  timer: null,
  flushes: Promise.resolve(),
};
const state = holder.__assRequestLogs;

const settings = () => config();

/** Makes sure a flush runs within `delayMs`, moving a later one forward. */
function scheduleFlush(delayMs: number) {
  const dueAt = Date.now() + delayMs;
  if (state.timer && state.timer.dueAt <= dueAt) return;
  if (state.timer) clearTimeout(state.timer.handle);
  const handle = setTimeout(() => {
    state.timer = null;
    flushRequestLogs().catch((error) =>
      log.error({ err: error }, "request logs: could not write entries"),
    );
  }, delayMs);
  handle.unref();
  state.timer = { handle, dueAt };
}

/**
 * Queues one entry: the request pays for an array push, and the database sees one INSERT per
 * batch. While the database refuses writes the buffer stops at REQUEST_LOG_BUFFER_MAX and newer
 * entries are dropped (and counted), so an outage costs log entries rather than memory.
 */
export function bufferRequestLog(entry: TNewRequestLogRow): void {
  const { REQUEST_LOG_BATCH_SIZE, REQUEST_LOG_BUFFER_MAX, REQUEST_LOG_FLUSH_MS } = settings();
  if (state.entries.length + state.writing >= REQUEST_LOG_BUFFER_MAX) {
    state.dropped += 1;
    return;
  }
  state.entries.push(entry);
  scheduleFlush(state.entries.length >= REQUEST_LOG_BATCH_SIZE ? 0 : REQUEST_LOG_FLUSH_MS);
}

/**
 * Writes every buffered entry, one multi-row INSERT per batch. Flushes run one after another so
 * that a shutdown's flush also waits for the one a timer started. A batch that fails because the
 * database is unavailable goes back to the front of the buffer and is tried again after the flush
 * interval; a batch the database refuses is written row by row, so that one entry it cannot store
 * is dropped (and logged) instead of holding back every entry after it.
 */
export function flushRequestLogs(): Promise<void> {
  state.flushes = state.flushes.catch(() => undefined).then(writeBuffered);
  return state.flushes;
}

// A request id is unique, so a batch retried after an ambiguous failure is not doubled.
const insertEntries = (entries: TNewRequestLogRow[]) =>
  db.insert(requestLogs).values(entries).onConflictDoNothing();

async function writeOneByOne(batch: TNewRequestLogRow[]): Promise<void> {
  for (const [index, entry] of batch.entries()) {
    try {
      await insertEntries([entry]);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        state.entries.unshift(...batch.slice(index));
        throw error;
      }
      log.error(
        { err: error, requestId: entry.id },
        "request logs: the database refused an entry; it is dropped",
      );
    }
  }
}

async function writeBuffered(): Promise<void> {
  const { REQUEST_LOG_BATCH_SIZE, REQUEST_LOG_FLUSH_MS } = settings();
  while (state.entries.length > 0) {
    const batch = state.entries.splice(0, REQUEST_LOG_BATCH_SIZE);
    state.writing = batch.length;
    try {
      await insertEntries(batch).catch((error) => {
        if (isDatabaseUnavailable(error)) {
          // The bound counted this batch all along, so it fits back in front of newer entries.
          state.entries.unshift(...batch);
          throw error;
        }
        return writeOneByOne(batch);
      });
    } catch (error) {
      scheduleFlush(REQUEST_LOG_FLUSH_MS);
      throw error;
    } finally {
      state.writing = 0;
    }
  }
  if (state.dropped > 0) {
    log.warn(
      { kind: "request_logs", dropped: state.dropped },
      "request logs: entries were dropped while the buffer was full",
    );
    state.dropped = 0;
  }
}
