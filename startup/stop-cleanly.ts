import { config } from "@/config";
import { closeDatabase } from "@/db/client";
import type { TEmbeddedDatabase } from "@/db/embedded";
import type { TBackgroundWork } from "@/inngest/start-jobs";
import { log } from "@/lib/observability/logger";
import { flushTracing } from "@/lib/observability/tracing";
import { rateLimitStore } from "@/lib/ratelimit/rate-limit-store";
import { markStopping } from "@/lib/readiness/stopping";
import { flushRequestLogs } from "@/lib/request-logs/buffer";
import { flushUsage } from "@/lib/usage/tally";
import { drainRequests } from "./in-flight-requests";

type TParts = { backgroundWork: TBackgroundWork; embedded?: TEmbeddedDatabase };

/**
 * On SIGTERM or SIGINT: readiness turns 503, no new connection is accepted, requests and job
 * calls in flight finish (until SHUTDOWN_TIMEOUT_MS), runs still held are handed back, usage
 * counts, request logs and traces are written, connections close, and the process exits 0 (1 when the
 * deadline cut work off or a step failed).
 */
export function stopCleanlyOnSignals(parts: TParts): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    // Next.js' own handlers exit as soon as its server closes, without waiting for background
    // work or writing what is buffered: these replace them.
    process.removeAllListeners(signal);
    process.once(signal, () => void stopCleanly(signal, parts));
  }
}

async function stopCleanly(signal: NodeJS.Signals, parts: TParts): Promise<never> {
  const deadlineAt = Date.now() + config().SHUTDOWN_TIMEOUT_MS;
  markStopping();
  log.info({ kind: "shutdown", signal }, "stopping: finishing requests and job calls in flight");
  let code = 0;
  try {
    const [cutOff] = await Promise.all([
      drainRequests(deadlineAt),
      parts.backgroundWork.stop(deadlineAt),
    ]);
    if (cutOff > 0) {
      code = 1;
      log.warn({ kind: "shutdown", cutOff }, "stopping: the deadline cut requests off");
    }
    await flushUsage();
    await flushRequestLogs();
    await flushTracing();
    await rateLimitStore()?.close();
    await closeDatabase();
    await parts.embedded?.stop();
    log.info({ kind: "shutdown" }, "stopped cleanly");
  } catch (error) {
    code = 1;
    log.error({ kind: "shutdown", err: error }, "stopping: a step failed");
  }
  process.exit(code);
}
