import { db, type Executor } from "@/db/client";
import { organizations } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { PlanTier } from "./plans";

export async function createOrganization(
  { name, plan = "free" }: { name: string; plan?: PlanTier },
  executor: Executor = db,
) {
  const [organization] = await executor
    .insert(organizations)
    .values({ id: newId("organization"), name, plan })
    .returning();
  return organization!;
}
