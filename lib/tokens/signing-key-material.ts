import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type JWK,
} from "jose";
import { seal } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { TOKEN_ALGORITHM } from "./token-config";

export type TSigningKeyMaterial = { kid: string; publicJwk: JWK; privatePem: string };

/** The public half as published: `kid` is the RFC 7638 thumbprint, so it is stable per key. */
async function materialOf(privateKey: CryptoKey, privatePem: string): Promise<TSigningKeyMaterial> {
  const {
    d: _d,
    p: _p,
    q: _q,
    dp: _dp,
    dq: _dq,
    qi: _qi,
    ...publicPart
  } = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicPart);
  return {
    kid,
    publicJwk: { ...publicPart, kid, alg: TOKEN_ALGORITHM, use: "sig" },
    privatePem,
  };
}

export async function generateSigningKeyMaterial(): Promise<TSigningKeyMaterial> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  return materialOf(privateKey, await exportPKCS8(privateKey));
}

/** A key given as PEM (JWT_PRIVATE_KEY); literal `\n` sequences are accepted for .env files. */
export async function signingKeyMaterialFromPem(pem: string): Promise<TSigningKeyMaterial> {
  const normalized = pem.includes("\\n") ? pem.replace(/\\n/g, "\n") : pem;
  const privateKey = await importPKCS8(normalized.trim(), TOKEN_ALGORITHM, { extractable: true });
  return materialOf(privateKey, normalized.trim());
}

/** The row a generated key is stored as: its private half sealed for that row. */
export function storedSigningKey({ kid, publicJwk, privatePem }: TSigningKeyMaterial) {
  return { kid, publicJwk, privatePem: seal(privatePem, secretContexts.jwtPrivateKey(kid)) };
}
