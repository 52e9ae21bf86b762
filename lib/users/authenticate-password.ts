import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { type TUser, users } from "@/db/schema";
import { verifyAgainstDecoy, verifyPassword } from "./password";

/** The user with this email and password, or undefined; both failures take the same time. */
export async function authenticatePassword({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<TUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user?.passwordHash) {
    await verifyAgainstDecoy(password);
    return undefined;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
}
