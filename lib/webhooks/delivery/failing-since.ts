import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";

/**
 * When the endpoint's current run of failures began: its first failed attempt after its latest
 * successful one and after it was last enabled again, or null when there is none.
 */
export async function failingSince(executor: TExecutor, endpointId: string): Promise<Date | null> {
  const rows = await executor.execute<{ since: Date | string | null }>(sql`
    select min(started_at) as since
    from webhook_attempts
    where endpoint_id = ${endpointId}
      and succeeded = false
      and started_at > greatest(
        (select max(started_at) from webhook_attempts where endpoint_id = ${endpointId} and succeeded),
        (select enabled_at from webhook_endpoints where id = ${endpointId}),
        '-infinity'::timestamptz)`);
  const since = rows[0]?.since;
  return since ? new Date(since) : null;
}
