import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { presentKey } from "./present-key";

export async function listApiKeys({
  organizationId,
  environment,
}: {
  organizationId: string;
  environment?: TEnvironment;
}) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        environment ? eq(apiKeys.environment, environment) : undefined,
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(presentKey);
}
