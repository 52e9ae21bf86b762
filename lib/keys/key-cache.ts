import { credentialCache } from "@/lib/auth/credential-cache";
import type { TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";

/**
 * What authentication needs of a key, cached briefly so that most requests skip the database.
 * A revocation drops its organization's keys in every process (lib/keys/listen-for-revocations.ts).
 */
export type TCachedKey = {
  id: string;
  organizationId: string;
  environment: TEnvironment;
  scopes: ReadonlySet<TScope>;
  plan: "free" | "pro" | "enterprise";
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const keys = credentialCache<TCachedKey>("__assKeyCache");

export const cachedKey = (hash: string): TCachedKey | undefined => keys.get(hash);

export const cacheKey = (hash: string, key: TCachedKey): void =>
  keys.set(hash, key, key.organizationId);

export const forgetKey = (keyId: string): void => keys.forget((key) => key.id === keyId);

/** Drops the organization's cached keys, or every cached key when no organization is named. */
export const forgetKeys = (organizationId?: string): void =>
  keys.forgetOrganization(organizationId);
