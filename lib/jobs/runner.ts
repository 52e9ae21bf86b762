import { randomBytes } from "node:crypto";
import type postgres from "postgres";
import { log } from "@/lib/observability/logger";
import { continueTrace, traceSpan } from "@/lib/observability/tracing";
import { receiveCheckpoints, type TCheckpointReceiver } from "./checkpoint-api";
import { startCronRuns } from "./cron-runs";
import { driveRun, storeCheckpoint, type TDriveContext } from "./drive-run";
import type { TJobFunction } from "./function-config";
import { claimRuns, releaseLeases, renewLeases, type TClaimedRun } from "./run-store";
import { jobsSettings } from "./timing";
import type { THandlerTransport } from "./transport";
import { WakeSignal } from "./wake-signal";

const CRON_CHECK_MS = 10_000;

/**
 * The embedded runner's scheduler: keeps up to JOBS_CONCURRENCY runs in flight, claims due
 * runs in batches whenever an event arrives or a slot frees while due runs wait (and polls for
 * sleeps ending and other processes' events), and renews the leases of its in-flight runs so
 * that only a dead process's runs are taken over. With `checkpoints`, it also receives the
 * steps the SDK checkpoints for its in-flight runs.
 */
export class EmbeddedRunner {
  private readonly inFlight = new Map<string, TClaimedRun>();
  private readonly signal = new WakeSignal();
  private readonly instance = randomBytes(6).toString("hex");
  private claims = 0;
  /** The last claim filled every free slot: due runs may be waiting for one. */
  private backlog = false;
  private stopped = false;
  private stopReceiving = () => {};
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly context: TDriveContext;

  constructor(options: {
    sql: postgres.Sql;
    send: THandlerTransport;
    url: string;
    signingKey: string;
    functions: TJobFunction[];
    /** The handler runs in this process, with the client whose fetch is `inngestFetch`. */
    checkpoints: boolean;
  }) {
    this.context = {
      sql: options.sql,
      send: options.send,
      url: options.url,
      signingKey: options.signingKey,
      functions: new Map(options.functions.map((fn) => [fn.id, fn])),
      checkpoints: options.checkpoints,
    };
  }

  get functions(): TJobFunction[] {
    return [...this.context.functions.values()];
  }

  start(): void {
    const { leaseMs } = jobsSettings();
    const heartbeat = setInterval(() => {
      const tokens = new Set([...this.inFlight.values()].map((run) => run.leaseToken));
      renewLeases(this.context.sql, [...tokens], leaseMs).catch((error) =>
        log.error({ err: error }, "job runner: renewing leases failed"),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    this.timers.push(heartbeat);
    if (this.functions.some((fn) => fn.crons.length > 0)) {
      const schedule = () =>
        startCronRuns(this.context.sql, this.functions).then(
          (started) => started > 0 && this.wake(),
          (error) => log.error({ err: error }, "job runner: starting cron runs failed"),
        );
      void schedule();
      // Several looks a minute, so a tick is started within seconds and well inside the lookback.
      this.timers.push(setInterval(schedule, CRON_CHECK_MS).unref());
    }
    if (this.context.checkpoints) this.stopReceiving = receiveCheckpoints(this.receiveCheckpoint);
    void this.loop();
  }

  wake(): void {
    this.signal.notify();
  }

  /** Wakes the loop in `ms`, when a run that is not due yet comes due (a batch, a debounce). */
  wakeIn(ms: number): void {
    setTimeout(() => this.signal.notify(), ms).unref();
  }

  /**
   * Claims no more runs and waits, until `deadlineAt`, for the calls in flight; the runs still
   * in flight then are handed back, so another process takes them over without waiting for
   * their leases to expire.
   */
  async stop(deadlineAt = Date.now()): Promise<void> {
    this.stopped = true;
    this.signal.notify();
    while (this.inFlight.size > 0 && Date.now() < deadlineAt) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.stopReceiving();
    for (const timer of this.timers) clearInterval(timer);
    const tokens = new Set([...this.inFlight.values()].map((run) => run.leaseToken));
    await releaseLeases(this.context.sql, [...tokens]);
  }

  private async loop() {
    const settings = jobsSettings();
    while (!this.stopped) {
      const free = settings.concurrency - this.inFlight.size;
      let claimedAll = false;
      if (free > 0) {
        try {
          const runs = await claimRuns(this.context.sql, {
            limit: free,
            leaseMs: settings.leaseMs,
            leaseToken: `${this.instance}-${++this.claims}`,
          });
          for (const run of runs) this.launch(run);
          claimedAll = runs.length === free;
          this.backlog = claimedAll;
        } catch (error) {
          // Another process took a concurrency key between our read and our update: claim again.
          if ((error as { code?: string }).code === "23505") continue;
          log.error({ err: error }, "job runner: claiming runs failed");
        }
      }
      if (!claimedAll) await this.signal.wait(settings.pollMs);
    }
  }

  private readonly receiveCheckpoint: TCheckpointReceiver = async ({
    runId,
    leaseToken,
    steps,
  }) => {
    const run = this.inFlight.get(runId);
    if (run?.leaseToken !== leaseToken) return "unknown";
    return storeCheckpoint(this.context.sql, run, steps);
  };

  private launch(run: TClaimedRun) {
    this.inFlight.set(run.id, run);
    const data = run.event.data as Record<string, unknown> | undefined;
    continueTrace(data?.traceparent, () =>
      traceSpan(
        `job ${run.functionId}`,
        { attributes: { "job.run_id": run.id, "job.function": run.functionId } },
        () => driveRun(this.context, run),
      ),
    )
      .catch((error) =>
        log.error({ err: error, runId: run.id }, "job runner: run stopped on an error"),
      )
      .finally(() => {
        this.inFlight.delete(run.id);
        // A freed slot is worth a claim at once only when due runs were left waiting for one.
        // New work wakes the loop itself (the dispatcher, also when a batch or a debounce it
        // started comes due); runs that come due later otherwise (sleeps, retries, a
        // concurrency key released) are found by the poll.
        if (this.backlog) this.signal.notify();
      });
  }
}
