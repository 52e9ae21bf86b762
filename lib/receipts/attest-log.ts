import { sql } from "drizzle-orm";
import { config } from "@/config";
import type { TExecutor } from "@/db/client";
import type { TEnvironment } from "@/lib/environment";

/** One Merkle log per environment: sandbox receipts never land in the production log. */
export const logIdOf = (environment: TEnvironment) => `receipts-${environment}`;

/**
 * The checkpoint origin of an environment's log, fixed in its head row when the log is created.
 * ATTEST_LOG_NAME names the deployment (e.g. `api.example.com`); default below.
 */
export const logOriginOf = (environment: TEnvironment) =>
  `${config().ATTEST_LOG_NAME}/attest/${environment}`;

/** A transaction-scoped advisory lock, keyed by a name (64-bit hash of the text). */
export async function advisoryXactLock(executor: TExecutor, name: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/** Like advisoryXactLock, but answers false at once when another transaction holds it. */
export async function tryAdvisoryXactLock(executor: TExecutor, name: string): Promise<boolean> {
  const rows = await executor.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) as locked`,
  );
  return rows[0]?.locked === true;
}
