import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, organizations } from "@/db/schema";

/** Operators name keys by id alone; the library functions still check the organization. */
export async function organizationOfKey(keyId: string): Promise<string> {
  const [key] = await db
    .select({ organizationId: apiKeys.organizationId })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId));
  if (!key) throw new Error(`no key with id '${keyId}'`);
  return key.organizationId;
}

/** A clear message instead of a foreign-key violation or an empty list for a mistyped id. */
export async function requireOrganization(organizationId: string): Promise<void> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw new Error(`organization ${organizationId} not found`);
}
