import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { config } from "@/config";
import type { TExecutor } from "@/db/client";
import { instanceSecrets } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";

/** One Merkle log per environment: sandbox receipts never land in the production log. */
export const logIdOf = (environment: TEnvironment) => `receipts-${environment}`;

/**
 * The checkpoint origin of an environment's log, fixed in its head row when the log is created:
 * `<name>/attest/<environment>`. ATTEST_LOG_NAME names the deployment (required with a public
 * origin); a local deployment gets a name generated once and kept in the database, so no two
 * deployments share an origin by default.
 */
export async function logOriginOf(executor: TExecutor, environment: TEnvironment) {
  const name = config().ATTEST_LOG_NAME ?? (await storedLogName(executor));
  return `${name}/attest/${environment}`;
}

async function storedLogName(executor: TExecutor): Promise<string> {
  await executor
    .insert(instanceSecrets)
    .values({ name: "attest_log_name", value: `local-${randomBytes(6).toString("hex")}` })
    .onConflictDoNothing();
  const [row] = await executor
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, "attest_log_name"));
  return row!.value;
}

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
