import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { newId } from "@/lib/ids";
import { createOrganization } from "@/lib/orgs/create-organization";

/**
 * The user an OAuth sign-in stands for. A new email gets a new organization, like sign-up.
 * An email that already has a password is refused: linking it would let whoever controls the
 * provider account take over the password account.
 */
export async function findOrCreateOAuthUser({
  email,
  name,
}: {
  email: string;
  name: string | null;
}): Promise<{ userId: string } | { refused: string }> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, normalized));
  if (existing) {
    return existing.passwordHash
      ? { refused: "This email signs in with a password." }
      : { userId: existing.id };
  }
  return db.transaction(async (tx) => {
    const organization = await createOrganization(
      { name: name ? `${name}'s organization` : normalized },
      tx,
    );
    const userId = newId("user");
    await tx.insert(users).values({ id: userId, email: normalized, name });
    await tx.insert(memberships).values({ userId, organizationId: organization.id, role: "owner" });
    return { userId };
  });
}
