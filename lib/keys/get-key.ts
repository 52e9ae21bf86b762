import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";

export async function getApiKeyOrThrow(
  { organizationId, keyId }: { organizationId: string; keyId: string },
  executor: TExecutor = db,
) {
  const [key] = await executor
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)));
  if (!key) throw notFound("API key", keyId);
  return key;
}
