import { db, type TExecutor } from "@/db/client";
import { organizations } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { TPlanTier } from "./plans";

export async function createOrganization(
  { name, plan = "free" }: { name: string; plan?: TPlanTier },
  executor: TExecutor = db,
) {
  const [organization] = await executor
    .insert(organizations)
    .values({ id: newId("organization"), name, plan })
    .returning();
  return organization!;
}
