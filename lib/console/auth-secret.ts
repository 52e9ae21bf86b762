import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { config } from "@/config";
import { db } from "@/db/client";
import { instanceSecrets } from "@/db/schema";
import { open, seal } from "@/lib/crypto/sealed-secret";
import { sealedInstanceSecretNames, secretContexts } from "@/lib/crypto/secret-contexts";

const SECRET_NAME = sealedInstanceSecretNames.nextauthSecret;
const context = secretContexts.instanceSecret(SECRET_NAME);

async function storedSecret(): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name: SECRET_NAME, value: seal(randomBytes(32).toString("base64url"), context) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, SECRET_NAME));
  return open(row!.value, context);
}

let secret: Promise<string> | undefined;

/**
 * The key that signs and encrypts console sessions: NEXTAUTH_SECRET (required by the
 * configuration with a public origin), or for local use one generated on first need and kept in
 * the database, so every process and restart shares it.
 */
export function authSecret(): Promise<string> {
  const configured = config().NEXTAUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  secret ??= storedSecret().catch((error) => {
    secret = undefined;
    throw error;
  });
  return secret;
}
