import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { attestLogHeads, type TAttestLogHeadRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { logIdOf } from "@/lib/receipts/attest-log";

/** The environment's latest signed tree head; 404 before the first receipt is sealed. */
export async function latestHead(environment: TEnvironment): Promise<TAttestLogHeadRow> {
  const [head] = await db
    .select()
    .from(attestLogHeads)
    .where(eq(attestLogHeads.logId, logIdOf(environment)));
  if (!head) {
    throw new ApiError({
      code: "not_found",
      message: `The ${environment} attest log is empty: no receipt has been sealed yet.`,
    });
  }
  return head;
}

/** `requested` checked against the latest size: 400 naming `param` when the log is smaller. */
export function sizeWithin(
  requested: number | undefined,
  head: TAttestLogHeadRow,
  param: string,
): number {
  const size = requested ?? head.treeSize;
  if (size > head.treeSize) {
    throw new ApiError({
      code: "invalid_request",
      message: `The log has ${head.treeSize} leaves; ${param}=${size} is beyond its latest checkpoint.`,
      param,
    });
  }
  return size;
}
