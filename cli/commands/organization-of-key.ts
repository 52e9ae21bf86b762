import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { UsageError } from "../command";

/** Operators name keys by id alone; the library functions still check the organization. */
export async function organizationOfKey(keyId: string): Promise<string> {
  const [key] = await db
    .select({ organizationId: apiKeys.organizationId })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId));
  if (!key) throw new UsageError(`no key with id '${keyId}'`);
  return key.organizationId;
}
