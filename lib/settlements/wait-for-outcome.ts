import type { TTenant } from "@/lib/auth/tenant";
import { getSettlementOrThrow } from "./get-settlement";
import { presentSettlement } from "./present-settlement";

/**
 * The settlement once it has left `executing`, or undefined when `seconds` pass first. It reads
 * the row at growing intervals and holds no connection in between.
 */
export async function waitForOutcome({
  tenant,
  settlementId,
  seconds,
}: {
  tenant: TTenant;
  settlementId: string;
  seconds: number;
}) {
  const deadline = Date.now() + seconds * 1000;
  for (let delay = 25; ; delay = Math.min(delay * 2, 500)) {
    const row = await getSettlementOrThrow({ tenant, settlementId });
    if (row.status !== "executing") return presentSettlement(row);
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
  }
}
