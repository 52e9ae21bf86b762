import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { CompactSign } from "jose";
import { expect } from "vitest";
import { agreementPayloadText, type TAgreementStatement } from "@/lib/attest";
import { call } from "./api";

export type TSigningKey = {
  algorithm: "EdDSA" | "ES256";
  publicJwk: Record<string, string>;
  privateKey: KeyObject;
};

/** A fresh agent key pair: Ed25519 (EdDSA) or P-256 (ES256). */
export function newSigningKey(algorithm: "EdDSA" | "ES256" = "EdDSA"): TSigningKey {
  const pair =
    algorithm === "EdDSA"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicJwk = pair.publicKey.export({ format: "jwk" }) as Record<string, string>;
  return { algorithm, publicJwk, privateKey: pair.privateKey };
}

/** Registers the key for the agent through the API and returns the key's id. */
export async function registerKey(key: string, agentId: string, signer: TSigningKey) {
  const added = await call("POST", `/agents/${agentId}/keys`, {
    key,
    body: { jwk: signer.publicJwk },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.id as string;
}

/** What an agent sends as `signature`: a compact JWS over the canonical statement. */
export async function signStatement({
  signer,
  kid,
  statement,
  header = {},
}: {
  signer: TSigningKey;
  kid: string;
  statement: TAgreementStatement;
  header?: Record<string, unknown>;
}) {
  return new CompactSign(new TextEncoder().encode(agreementPayloadText(statement)))
    .setProtectedHeader({ alg: signer.algorithm, kid, ...header })
    .sign(signer.privateKey);
}
