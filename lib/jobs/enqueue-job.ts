import type { Executor } from "@/db/client";
import { outbox } from "@/db/schema";
import { newId } from "@/lib/ids";
import { notifyOutboxWritten } from "./outbox-signal";

/**
 * Writes the work a state change implies into the outbox, inside the caller's transaction:
 * the job exists if and only if the change was committed. The dispatcher turns each row into
 * one Inngest event whose id is the row's id (so a resend after a crash is deduplicated).
 * Event names are `prefix/noun.verb`, e.g. `settlement/execute.requested`.
 */
export async function enqueueJob(
  executor: Executor,
  job: { name: string; data: Record<string, unknown> },
): Promise<string> {
  const id = newId("outbox");
  await executor.insert(outbox).values({ id, name: job.name, data: job.data });
  notifyOutboxWritten();
  return id;
}
