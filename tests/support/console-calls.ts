import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { organizations } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { call } from "./api";
import { consoleOrigin, type TMember } from "./console-session";
import { removeOrganization } from "./tenant";

/** A console JSON request as the console's own page sends it: session cookie and same Origin. */
export const consoleCall = (who: TMember, method: string, path: string, body?: unknown) =>
  call(method, path, { body, headers: { cookie: who.cookie, origin: consoleOrigin() } });

/**
 * A sandbox API key with every scope for a member's organization, on a plan whose burst holds a
 * whole settlement flow (the free plan's burst of 10 does not).
 */
export async function sandboxKeyFor(who: TMember): Promise<string> {
  await db
    .update(organizations)
    .set({ plan: "enterprise" })
    .where(eq(organizations.id, who.organizationId));
  const { secret } = await createApiKey({
    organizationId: who.organizationId,
    environment: "sandbox",
    name: "test runner",
    scopes: allScopes,
  });
  return secret;
}

/** Deletes the members' organizations (and with them everything they own). */
export async function removeMembers(members: (TMember | undefined)[]) {
  for (const who of members) {
    if (who) await removeOrganization(who.organizationId);
  }
}
