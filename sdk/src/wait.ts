import { AgentSettlementError, ApiConnectionError } from "./errors";

export type TWaitOptions = {
  /** Give up (AgentSettlementError `timeout`) after this long; the settlement carries on. */
  timeoutMs?: number;
  /** Pause between reads once the server's own wait has run out. */
  pollIntervalMs?: number;
};

/** The server holds an execute answer at most this long (`Prefer: wait`). */
const SERVER_WAIT_LIMIT_SECONDS = 30;

/**
 * Starts with `Prefer: wait` so that most executions resolve in one round trip, then reads the
 * settlement until it is no longer `executing`.
 */
export async function executeAndWait<TSettlement extends { id: string; status: string }>({
  start,
  poll,
  timeoutMs = 60_000,
  pollIntervalMs = 1_000,
}: TWaitOptions & {
  start: (waitSeconds: number) => Promise<TSettlement>;
  poll: () => Promise<TSettlement>;
}): Promise<TSettlement> {
  const deadline = Date.now() + timeoutMs;
  const seconds = Math.max(0, Math.min(SERVER_WAIT_LIMIT_SECONDS, Math.floor(timeoutMs / 1000)));
  let settlement = await start(seconds);
  while (settlement.status === "executing") {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new ApiConnectionError({
        status: 0,
        code: "timeout",
        message: `settlement ${settlement.id} is still executing after ${timeoutMs} ms`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, left)));
    settlement = await poll();
  }
  return settlement;
}

/** Calls `read` until it stops answering 409 (a receipt not sealed yet), within the timeout. */
export async function waitWhilePending<T>(
  read: () => Promise<T>,
  { timeoutMs = 30_000, pollIntervalMs = 500 }: TWaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      const pending = error instanceof AgentSettlementError && error.status === 409;
      const left = deadline - Date.now();
      if (!pending || left <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollIntervalMs, left)));
    }
  }
}
