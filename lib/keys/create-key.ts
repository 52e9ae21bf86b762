import type { TExecutor } from "@/db/client";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { presentKey } from "./present-key";
import { generateSecret } from "./secret";

export type TCreateKeyInput = {
  organizationId: string;
  environment: TEnvironment;
  name: string;
  scopes: readonly TScope[];
  expiresAt?: Date | null;
};

/** Creates a key and returns its secret: the only time the secret exists outside the caller. */
export async function createApiKey(input: TCreateKeyInput, executor: TExecutor = db) {
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
