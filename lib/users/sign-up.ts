import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { createOrganization } from "@/lib/orgs/create-organization";
import { hashPassword } from "./password";
import type { TSignUpBody } from "./schemas";

/**
 * Creates an organization on the free plan and its first user, its owner, together or not
 * at all.
 * Two simultaneous sign-ups with one email both pass the check; the unique index stops the
 * second, which the request pipeline reports as a 409 too.
 */
export async function signUp(input: TSignUpBody) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict("An account with this email already exists. Sign in instead.", "email");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const organization = await createOrganization({ name: input.organizationName }, tx);
    const [user] = await tx
      .insert(users)
      .values({
        id: newId("user"),
        email: input.email,
        name: input.name,
        passwordHash,
      })
      .returning();
    await tx
      .insert(memberships)
      .values({ userId: user!.id, organizationId: organization.id, role: "owner" });
    return { user: user!, organization };
  });
}
