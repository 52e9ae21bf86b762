import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";

/**
 * When the endpoint's current run of failures began: its first failed attempt after its latest
 * successful one, or null when the latest finished attempt succeeded.
 */
export async function failingSince(executor: TExecutor, endpointId: string): Promise<Date | null> {
  const rows = await executor.execute<{ since: Date | string | null }>(sql`
    select min(started_at) as since
    from webhook_attempts
    where endpoint_id = ${endpointId}
      and succeeded = false
      and started_at > coalesce(
        (select max(started_at) from webhook_attempts where endpoint_id = ${endpointId} and succeeded),
        '-infinity'::timestamptz)`);
  const since = rows[0]?.since;
  return since ? new Date(since) : null;
}
