import { z } from "zod";
import type { TApiKeyRow } from "@/db/schema";
import { ZScope } from "@/lib/auth/scopes";

export const ZApiKey = z
  .object({
    id: z.string().meta({ example: "key-4fZq1c9TnW2bX0aK" }),
    name: z.string(),
    environment: z.enum(["sandbox", "production"]),
    prefix: z.string().meta({ example: "sk_test_4fZq" }),
    last4: z.string(),
    scopes: z.array(ZScope),
    status: z.enum(["active", "expiring", "expired", "revoked"]),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });

export type TApiKey = z.infer<typeof ZApiKey>;

export function keyStatus(key: Pick<TApiKeyRow, "revokedAt" | "expiresAt">, now = new Date()) {
  if (key.revokedAt) return "revoked" as const;
  if (key.expiresAt && key.expiresAt <= now) return "expired" as const;
  if (key.expiresAt) return "expiring" as const;
  return "active" as const;
}

export function presentKey(key: TApiKeyRow): TApiKey {
  return {
    id: key.id,
    name: key.name,
    environment: key.environment,
    prefix: key.prefix,
    last4: key.last4,
    scopes: key.scopes as TApiKey["scopes"],
    status: keyStatus(key),
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
