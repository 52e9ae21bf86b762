import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { instanceSecrets } from "@/db/schema";
import { isPublicDeployment } from "@/lib/deployment/public-origin";

const SECRET_NAME = "nextauth_secret";

async function storedSecret(): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, SECRET_NAME));
  return row!.value;
}

let secret: Promise<string> | undefined;

/**
 * The key that signs and encrypts console sessions: NEXTAUTH_SECRET, or for local use one
 * generated on first need and kept in the database, so every process and restart shares it.
 * A deployment with a public URL must configure it.
 */
export function authSecret(): Promise<string> {
  const configured = process.env.NEXTAUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  if (isPublicDeployment()) {
    return Promise.reject(
      new Error(
        "NEXTAUTH_SECRET is required when NEXTAUTH_URL or PUBLIC_URL is a public address (generate one with `openssl rand -base64 32`).",
      ),
    );
  }
  secret ??= storedSecret().catch((error) => {
    secret = undefined;
    throw error;
  });
  return secret;
}
