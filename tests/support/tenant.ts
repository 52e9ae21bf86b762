import { and, eq, inArray, ne, notExists } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships, organizations, users } from "@/db/schema";
import { allScopes, type TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { randomBase62 } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import type { TPlanTier } from "@/lib/orgs/plans";

export type TTestTenant = {
  organizationId: string;
  keys: Record<TEnvironment, string>;
  keyIds: Record<TEnvironment, string>;
  remove: () => Promise<void>;
};

/** A fresh organization with a sandbox and a production key, like a new customer. */
export async function seedTenant(
  options: { plan?: TPlanTier; scopes?: readonly TScope[] } = {},
): Promise<TTestTenant> {
  const organization = await createOrganization({
    name: `Test ${randomBase62(6)}`,
    plan: options.plan ?? "enterprise",
  });
  const scopes = options.scopes ?? allScopes;
  const sandbox = await createApiKey({
    organizationId: organization.id,
    environment: "sandbox",
    name: "test",
    scopes,
  });
  const production = await createApiKey({
    organizationId: organization.id,
    environment: "production",
    name: "test",
    scopes,
  });
  return {
    organizationId: organization.id,
    keys: { sandbox: sandbox.secret, production: production.secret },
    keyIds: { sandbox: sandbox.key.id, production: production.key.id },
    remove: () => removeOrganization(organization.id),
  };
}

/**
 * Deletes an organization and, by cascade, every row of it, with the accounts that belong to
 * no other organization. The server's background work may still be writing some of those rows
 * (a seal, a delivery): a delete that deadlocks with it is tried again.
 */
export async function removeOrganization(organizationId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.delete(users).where(
          and(
            inArray(
              users.id,
              tx
                .select({ id: memberships.userId })
                .from(memberships)
                .where(eq(memberships.organizationId, organizationId)),
            ),
            notExists(
              tx
                .select({ id: memberships.userId })
                .from(memberships)
                .where(
                  and(
                    eq(memberships.userId, users.id),
                    ne(memberships.organizationId, organizationId),
                  ),
                ),
            ),
          ),
        );
        await tx.delete(organizations).where(eq(organizations.id, organizationId));
      });
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== "40P01" || attempt === 5) throw error;
    }
  }
}
