import type { Executor } from "@/db/client";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { Scope } from "@/lib/auth/scopes";
import type { Environment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { presentKey } from "./present-key";
import { generateSecret } from "./secret";

export type CreateKeyInput = {
  organizationId: string;
  environment: Environment;
  name: string;
  scopes: readonly Scope[];
  expiresAt?: Date | null;
};

/** Creates a key and returns its secret: the only time the secret exists outside the caller. */
export async function createApiKey(input: CreateKeyInput, executor: Executor = db) {
  const { secret, hash, prefix, last4 } = generateSecret(input.environment);
  const [row] = await executor
    .insert(apiKeys)
    .values({
      id: newId("key"),
      organizationId: input.organizationId,
      environment: input.environment,
      name: input.name,
      hash,
      prefix,
      last4,
      scopes: [...new Set(input.scopes)],
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  return { key: presentKey(row!), secret };
}
