import { createPrivateKey, createPublicKey } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { config } from "@/config";
import type { TExecutor } from "@/db/client";
import { treeHeadKeys } from "@/db/schema";
import { ed25519Thumbprint, generateTreeHeadKeyPair } from "@/lib/attest";
import { open, seal } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { advisoryXactLock } from "./attest-log";

export type TTreeHeadSigningKey = { kid: string; privateKey: string };

const publicJwkOf = (x: string) => ({
  kty: "OKP",
  crv: "Ed25519",
  x,
  kid: ed25519Thumbprint(x),
  alg: "EdDSA",
  use: "sig",
});

/** ATTEST_TREE_HEAD_KEY: an Ed25519 private key as PKCS#8 PEM (the preferred production setup). */
const configuredKey = () => {
  const pem = config().ATTEST_TREE_HEAD_KEY;
  if (!pem) return null;
  const privateKey = createPrivateKey(pem.replaceAll("\\n", "\n"));
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error("ATTEST_TREE_HEAD_KEY must be an Ed25519 private key (PKCS#8 PEM)");
  }
  const { x } = createPublicKey(privateKey).export({ format: "jwk" });
  if (!x) throw new Error("ATTEST_TREE_HEAD_KEY has no public part");
  return {
    publicJwk: publicJwkOf(x),
    privateKey: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  };
};

/**
 * The key that signs new tree heads, inside the caller's transaction. With ATTEST_TREE_HEAD_KEY
 * set, that key (its public half is recorded, so it stays published after a rotation);
 * otherwise the generated key kept in the database, created on first use. Changing the
 * configured key retires the previous one, which stays in the JWKS.
 */
export async function activeTreeHeadKey(tx: TExecutor): Promise<TTreeHeadSigningKey> {
  await advisoryXactLock(tx, "tree-head-keys");
  const configured = configuredKey();
  if (configured) {
    const { kid } = configured.publicJwk;
    await tx
      .update(treeHeadKeys)
      .set({ status: "retired", retiredAt: new Date() })
      .where(and(eq(treeHeadKeys.status, "active"), ne(treeHeadKeys.kid, kid)));
    await tx
      .insert(treeHeadKeys)
      .values({ kid, publicJwk: configured.publicJwk, privateKeyPem: null, status: "active" })
      .onConflictDoUpdate({ target: treeHeadKeys.kid, set: { status: "active", retiredAt: null } });
    return { kid, privateKey: configured.privateKey };
  }
  const [active] = await tx.select().from(treeHeadKeys).where(eq(treeHeadKeys.status, "active"));
  if (active?.privateKeyPem) {
    const privateKey = open(active.privateKeyPem, secretContexts.treeHeadPrivateKey(active.kid));
    return { kid: active.kid, privateKey };
  }
  if (active) {
    // The configured key was removed from the environment: retire it, generate a new one.
    await tx
      .update(treeHeadKeys)
      .set({ status: "retired", retiredAt: new Date() })
      .where(eq(treeHeadKeys.kid, active.kid));
  }
  const generated = generateTreeHeadKeyPair();
  await tx.insert(treeHeadKeys).values({
    kid: generated.kid,
    publicJwk: generated.publicJwk,
    privateKeyPem: seal(generated.privateKeyPem, secretContexts.treeHeadPrivateKey(generated.kid)),
    status: "active",
  });
  return { kid: generated.kid, privateKey: generated.privateKeyPem };
}
