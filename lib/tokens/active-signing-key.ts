import { desc, isNull } from "drizzle-orm";
import { importPKCS8 } from "jose";
import { config } from "@/config";
import { db } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { signingKeyMaterialFromPem } from "./signing-key-material";
import { SIGNING_KEY_CACHE_MS, TOKEN_ALGORITHM } from "./token-config";

type TActiveKey = { kid: string; privateKey: CryptoKey; loadedAt: number };

const holder = globalThis as unknown as { __assActiveSigningKey?: TActiveKey };

async function loadActiveKey(): Promise<TActiveKey> {
  const configured = config().JWT_PRIVATE_KEY;
  if (configured) {
    const material = await signingKeyMaterialFromPem(configured);
    const privateKey = await importPKCS8(material.privatePem, TOKEN_ALGORITHM);
    return { kid: material.kid, privateKey, loadedAt: Date.now() };
  }
  const [row] = await db
    .select({ kid: jwtSigningKeys.kid, privatePem: jwtSigningKeys.privatePem })
    .from(jwtSigningKeys)
    .where(isNull(jwtSigningKeys.retiredAt))
    .orderBy(desc(jwtSigningKeys.createdAt))
    .limit(1);
  if (!row?.privatePem) {
    throw new Error("No active JWT signing key with a stored private key; restart the server.");
  }
  const privateKey = await importPKCS8(
    open(row.privatePem, secretContexts.jwtPrivateKey(row.kid)),
    TOKEN_ALGORITHM,
  );
  return { kid: row.kid, privateKey, loadedAt: Date.now() };
}

/** The key new tokens are signed with, re-read every SIGNING_KEY_CACHE_MS to follow rotations. */
export async function activeSigningKey(): Promise<TActiveKey> {
  const cached = holder.__assActiveSigningKey;
  if (cached && Date.now() - cached.loadedAt < SIGNING_KEY_CACHE_MS) return cached;
  const loaded = await loadActiveKey();
  holder.__assActiveSigningKey = loaded;
  return loaded;
}
