import { generateKeyPairSync, verify } from "node:crypto";
import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import {
  formatCheckpoint,
  formatSignedNote,
  noteKeyId,
  parseCheckpoint,
  verifyTreeHead,
} from "./checkpoint";
import { generateTreeHeadKeyPair, signTreeHead } from "./checkpoint-sign";
import { sha256, sha256Hex } from "./hash";
import { createTreeHeadVerifier } from "./tree-head-cache";

const rootHash = sha256Hex("root");
const body = { origin: "settlement.example.com/attest/sandbox", treeSize: 100_000, rootHash };

const rsaJwk = () => {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: "jwk" });
  return { kty: "RSA", n, e, kid: "rs-1", alg: "RS256", use: "sig" };
};

describe("checkpoint text", () => {
  it("is origin, decimal size and base64 root, each ending in a newline", async () => {
    const text = formatCheckpoint(body);
    expect(text).toBe(
      `settlement.example.com/attest/sandbox\n100000\n${Buffer.from(sha256("root")).toString("base64")}\n`,
    );
    expect(parseCheckpoint(text)).toEqual(body);
  });

  it("refuses origins that would break the line structure, and malformed text", async () => {
    expect(() => formatCheckpoint({ ...body, origin: "a\nb" })).toThrow();
    expect(() => formatCheckpoint({ ...body, origin: "" })).toThrow();
    expect(() => parseCheckpoint("o\n012\nAAAA\n")).toThrow();
    expect(() => parseCheckpoint("o\n12\nAAAA\n")).toThrow();
  });
});

describe("tree head keys", () => {
  it("generates an Ed25519 JWK for the JWKS and a PKCS8 PEM private key", async () => {
    const { kid, publicJwk, privateKeyPem } = generateTreeHeadKeyPair();
    expect(publicJwk).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid });
    expect(Buffer.from(publicJwk.x, "base64url")).toHaveLength(32);
    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    // The default kid is the RFC 7638 thumbprint, as jose computes it.
    expect(kid).toBe(await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x: publicJwk.x }));
    expect(generateTreeHeadKeyPair({ kid: "sth-2026-11" }).kid).toBe("sth-2026-11");
  });
});

describe("signed tree heads", () => {
  const keys = generateTreeHeadKeyPair();
  const jwks = { keys: [rsaJwk(), keys.publicJwk] };
  const treeHead = signTreeHead({ ...body, keyId: keys.kid, privateKey: keys.privateKeyPem });

  it("signs the checkpoint text with Ed25519", async () => {
    const signature = Buffer.from(treeHead.signature, "base64");
    expect(signature).toHaveLength(64);
    const publicKey = { key: { ...keys.publicJwk }, format: "jwk" as const };
    expect(verify(null, Buffer.from(formatCheckpoint(body)), publicKey, signature)).toBe(true);
  });

  it("verifies against the JWKS, picking the Ed25519 key by kid beside RS256 keys", async () => {
    expect(await verifyTreeHead({ treeHead, jwks })).toEqual({ ok: true });
  });

  it.each([
    ["size", { treeSize: 99_999 }],
    ["root", { rootHash: sha256Hex("other root") }],
    ["origin", { origin: "settlement.example.com/attest/production" }],
  ])("fails when the %s is changed", async (_, change) => {
    const result = await verifyTreeHead({ treeHead: { ...treeHead, ...change }, jwks });
    expect(result.ok).toBe(false);
  });

  it("fails for a forged signature, an unknown kid, or another key under the same kid", async () => {
    const forged = { ...treeHead, signature: Buffer.alloc(64, 7).toString("base64") };
    expect((await verifyTreeHead({ treeHead: forged, jwks })).ok).toBe(false);
    expect(await verifyTreeHead({ treeHead: { ...treeHead, keyId: "nope" }, jwks })).toEqual({
      ok: false,
      detail: "no Ed25519 key nope in the JWKS",
    });
    const impostor = generateTreeHeadKeyPair({ kid: keys.kid });
    const signedByImpostor = signTreeHead({
      ...body,
      keyId: keys.kid,
      privateKey: impostor.privateKeyPem,
    });
    expect((await verifyTreeHead({ treeHead: signedByImpostor, jwks })).ok).toBe(false);
    expect((await verifyTreeHead({ treeHead, jwks: { keys: [impostor.publicJwk] } })).ok).toBe(
      false,
    );
  });

  it("does not accept a key published for another use or algorithm", async () => {
    const wrongUse = { keys: [{ ...keys.publicJwk, use: "enc" }] };
    const wrongAlg = { keys: [{ ...keys.publicJwk, alg: "RS256" }] };
    expect((await verifyTreeHead({ treeHead, jwks: wrongUse })).ok).toBe(false);
    expect((await verifyTreeHead({ treeHead, jwks: wrongAlg })).ok).toBe(false);
  });

  it("renders a C2SP signed note whose signature line carries the key ID and signature", async () => {
    const note = formatSignedNote({ treeHead, publicJwk: keys.publicJwk });
    const [text, signatureLine] = note.split("\n\n");
    expect(`${text}\n`).toBe(formatCheckpoint(body));
    const match = /^\u2014 (\S+) (\S+)\n$/u.exec(signatureLine!);
    expect(match?.[1]).toBe(body.origin);
    const bytes = Buffer.from(match![2]!, "base64");
    const expectedKeyId = sha256(
      Buffer.concat([
        Buffer.from(`${body.origin}\n`),
        Buffer.from([1]),
        Buffer.from(keys.publicJwk.x, "base64url"),
      ]),
    ).subarray(0, 4);
    expect(Buffer.from(bytes.subarray(0, 4))).toEqual(Buffer.from(expectedKeyId));
    expect(Buffer.from(noteKeyId({ keyName: body.origin, x: keys.publicJwk.x }))).toEqual(
      Buffer.from(expectedKeyId),
    );
    expect(bytes.subarray(4).toString("base64")).toBe(treeHead.signature);
  });
});

describe("tree head verifier cache", () => {
  const keys = generateTreeHeadKeyPair();
  const jwks = { keys: [keys.publicJwk] };
  const treeHead = signTreeHead({ ...body, keyId: keys.kid, privateKey: keys.privateKeyPem });

  it("verifies each distinct tree head once", async () => {
    const verifier = createTreeHeadVerifier();
    for (let i = 0; i < 50; i++) expect((await verifier.verify({ treeHead, jwks })).ok).toBe(true);
    expect(verifier.size()).toBe(1);
    const forged = { ...treeHead, signature: Buffer.alloc(64, 1).toString("base64") };
    expect((await verifier.verify({ treeHead: forged, jwks })).ok).toBe(false);
    expect(verifier.size()).toBe(2);
  });

  it("does not let a verdict for one key answer for another key under the same kid", async () => {
    const verifier = createTreeHeadVerifier();
    expect((await verifier.verify({ treeHead, jwks })).ok).toBe(true);
    const impostor = generateTreeHeadKeyPair({ kid: keys.kid });
    expect((await verifier.verify({ treeHead, jwks: { keys: [impostor.publicJwk] } })).ok).toBe(
      false,
    );
  });

  it("stays within its size bound", async () => {
    const verifier = createTreeHeadVerifier({ maxEntries: 3 });
    for (let size = 1; size <= 10; size++) {
      const head = signTreeHead({
        ...body,
        treeSize: size,
        keyId: keys.kid,
        privateKey: keys.privateKeyPem,
      });
      expect((await verifier.verify({ treeHead: head, jwks })).ok).toBe(true);
    }
    expect(verifier.size()).toBe(3);
  });
});
