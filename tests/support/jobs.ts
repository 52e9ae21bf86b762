import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { jobRuns, type TJobRunRow } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { eventually } from "./api";

export const APP_ID = "agent-settlement-service";

export type TLogEntry = { step: string; pid: number; at: number; [key: string]: unknown };

/** A fresh file the diagnostic functions append one JSON line to per step execution. */
export function diagnosticLog(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "jobs-diag-")), "log.jsonl");
}

export function readLog(file: string): TLogEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TLogEntry);
}

/** Writes an outbox row the way domain code does; the server's dispatcher picks it up. */
export function enqueue(name: string, data: Record<string, unknown>): Promise<string> {
  return enqueueJob(db, { name, data });
}

export async function findRun(eventId: string, fn: string): Promise<TJobRunRow | undefined> {
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.eventId, eventId), eq(jobRuns.functionId, `${APP_ID}-${fn}`)));
  return run;
}

/** Waits until the run of `fn` started by `eventId` has `status`. */
export function runReaching(
  eventId: string,
  fn: string,
  status: TJobRunRow["status"],
  timeoutMs = 20_000,
): Promise<TJobRunRow> {
  return eventually(async () => {
    const run = await findRun(eventId, fn);
    if (run?.status !== status) throw new Error(`run of ${fn} is ${run?.status ?? "not created"}`);
    return run;
  }, timeoutMs);
}
