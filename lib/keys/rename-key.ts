import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { presentKey } from "./present-key";

/** Renames a key (revoked and expired ones too, so that their history stays readable). */
export async function renameApiKey({
  organizationId,
  keyId,
  name,
}: {
  organizationId: string;
  keyId: string;
  name: string;
}) {
  const [renamed] = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
    .returning();
  if (!renamed) throw notFound("API key", keyId);
  return presentKey(renamed);
}
