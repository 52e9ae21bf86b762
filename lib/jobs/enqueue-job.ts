import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { outbox } from "@/db/schema";
import { newId } from "@/lib/ids";
import { currentTraceparent } from "@/lib/observability/tracing";
import { notifyOutboxWritten } from "./outbox-signal";

export type TJob = {
  name: string;
  data: Record<string, unknown>;
  /** A fixed id makes the enqueue idempotent: a second job with the same id is ignored. */
  id?: string;
  /**
   * Not dispatched before then: the fallback for work the enqueuing request means to do itself,
   * which withdraws the job once it has (withdrawJob); after a crash the job does it.
   */
  notBefore?: Date;
};

/**
 * Writes the work a state change implies into the outbox, inside the caller's transaction:
 * the job exists if and only if the change was committed. The dispatcher turns each row into
 * one Inngest event whose id is the row's id (so a resend after a crash is deduplicated).
 * Event names are `prefix/noun.verb`, e.g. `settlement/execute.requested`.
 */
export async function enqueueJob(executor: TExecutor, job: TJob): Promise<string> {
  const [id] = await enqueueJobs(executor, [job]);
  return id!;
}

/**
 * A job's data, with the enqueuing span's `traceparent` when tracing is on, so that its run
 * continues the request's trace; a job that carries on another's work keeps the one it names.
 */
function traced(data: TJob["data"]): TJob["data"] {
  const traceparent = currentTraceparent();
  return traceparent && data.traceparent === undefined ? { ...data, traceparent } : data;
}

const outboxRows = (jobs: TJob[]) =>
  jobs.map((job) => ({
    id: job.id ?? newId("outbox"),
    name: job.name,
    data: traced(job.data),
    notBefore: job.notBefore,
  }));

/** enqueueJob for several jobs, in one statement. */
export async function enqueueJobs(executor: TExecutor, jobs: TJob[]): Promise<string[]> {
  const rows = outboxRows(jobs);
  if (rows.length === 0) return [];
  await executor.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.id });
  if (jobs.some((job) => !job.notBefore)) notifyOutboxWritten();
  return rows.map((row) => row.id);
}

/**
 * enqueueJobs as an INSERT to run within a larger statement (after a data-modifying CTE that
 * makes the change the jobs follow from), so the change and its jobs take one round trip.
 * At least one job.
 */
export function enqueueJobsWithin(executor: TExecutor, jobs: TJob[]): SQL {
  notifyOutboxWritten();
  return executor.insert(outbox).values(outboxRows(jobs)).getSQL();
}

/** Withdraws a job written with `notBefore` that is no longer needed, unless already dispatched. */
export async function withdrawJob(executor: TExecutor, id: string): Promise<void> {
  await executor.delete(outbox).where(and(eq(outbox.id, id), isNull(outbox.dispatchedAt)));
}
