import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatCheckpoint } from "./checkpoint";
import { generateTreeHeadKeyPair, signTreeHead } from "./checkpoint-sign";
import { parseCosignatureLine, parseWitnessVkey, verifyCosignatureQuorum } from "./cosignature";
import { cosignCheckpoint, witnessVkeyOf } from "./cosignature-sign";
import { sha256Hex } from "./hash";
import { checkWitnessCosignatures } from "./witness-check";

const origin = "settlement.example.com/attest/sandbox";
const checkpoint = formatCheckpoint({ origin, treeSize: 42, rootHash: sha256Hex("root") });
const otherCheckpoint = formatCheckpoint({ origin, treeSize: 43, rootHash: sha256Hex("other") });
const timestamp = 1_764_000_000n;

const witness = (name: string) => {
  const { privateKey } = generateKeyPairSync("ed25519");
  return { name, privateKey, vkey: witnessVkeyOf({ name, privateKey }) };
};
const [w1, w2, w3] = ["w1.example", "w2.example", "w3.example"].map(witness) as [
  ReturnType<typeof witness>,
  ReturnType<typeof witness>,
  ReturnType<typeof witness>,
];
const cosign = (w: { name: string; privateKey: KeyObject }, text = checkpoint, at = timestamp) =>
  cosignCheckpoint({ checkpoint: text, name: w.name, privateKey: w.privateKey, timestamp: at });
const witnesses = [w1, w2, w3].map((w) => parseWitnessVkey(w.vkey));
const quorum = (lines: string[], k: number) =>
  verifyCosignatureQuorum({ checkpoint, lines, witnesses, quorum: k });

const rawPublicKey = (privateKey: KeyObject) =>
  Buffer.from(privateKey.export({ format: "jwk" }).x as string, "base64url");

describe("cosignature format (c2sp.org/tlog-cosignature)", () => {
  it("is key ID ‖ big-endian timestamp ‖ Ed25519 signature over the cosignature/v1 message", () => {
    const line = cosign(w1);
    const publicKey = rawPublicKey(w1.privateKey);
    // Built here from the spec text, independently of cosignature.ts.
    const keyId = createHash("sha256")
      .update(Buffer.concat([Buffer.from("w1.example\n"), Buffer.from([0x04]), publicKey]))
      .digest()
      .subarray(0, 4);
    const time = Buffer.alloc(8);
    time.writeBigUInt64BE(timestamp);
    const message = Buffer.from(`cosignature/v1\ntime ${timestamp}\n${checkpoint}`);
    const signature = sign(null, message, w1.privateKey);
    expect(line).toBe(
      `\u2014 w1.example ${Buffer.concat([keyId, time, signature]).toString("base64")}`,
    );
    expect(w1.vkey).toBe(
      `w1.example+${keyId.toString("hex")}+${Buffer.concat([Buffer.from([0x04]), publicKey]).toString("base64")}`,
    );
    expect(parseCosignatureLine(line)).toMatchObject({ name: "w1.example", timestamp });
  });

  it("reads vkeys of type 0x04 only, with a key ID that matches", () => {
    expect(parseWitnessVkey(w1.vkey)).toMatchObject({ name: "w1.example" });
    const prefix = w1.vkey.slice(0, "w1.example+".length + 9);
    const material = Buffer.from(w1.vkey.slice(prefix.length), "base64");
    material[0] = 0x01;
    expect(() => parseWitnessVkey(`${prefix}${material.toString("base64")}`)).toThrow(
      /type 0x01 is not an Ed25519 cosignature key/,
    );
    expect(() => parseWitnessVkey(w1.vkey.replace(/\+[0-9a-f]{8}\+/, "+00000000+"))).toThrow(
      /key ID does not match/,
    );
    expect(() => parseWitnessVkey(w1.vkey.slice(0, -1))).toThrow(/key is not base64/);
  });
});

describe("cosignature quorum", () => {
  it("passes with k valid cosignatures from distinct configured witnesses", async () => {
    const verdict = await quorum([cosign(w1), cosign(w3)], 2);
    expect(verdict).toMatchObject({ ok: true, cosigners: ["w1.example", "w3.example"] });
  });

  it("fails with k − 1", async () => {
    const verdict = await quorum([cosign(w2)], 2);
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toBe(
      "1 valid cosignature from configured witnesses (w2.example), quorum is 2",
    );
  });

  it("does not count a cosignature over another checkpoint, and says so", async () => {
    const verdict = await quorum([cosign(w1), cosign(w2, otherCheckpoint)], 2);
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toMatch(/cosignature of w2\.example does not verify/);
  });

  it("does not count a cosignature whose timestamp was changed", async () => {
    const line = cosign(w2);
    const bytes = Buffer.from(line.split(" ")[2] as string, "base64");
    bytes.writeBigUInt64BE(timestamp + 1n, 4);
    const forged = `\u2014 w2.example ${bytes.toString("base64")}`;
    expect((await quorum([cosign(w1), forged], 2)).ok).toBe(false);
  });

  it("counts a witness once, however many of its cosignatures there are", async () => {
    const lines = [cosign(w1), cosign(w1, checkpoint, timestamp + 5n), cosign(w1)];
    const verdict = await quorum(lines, 2);
    expect(verdict).toMatchObject({ ok: false, cosigners: ["w1.example"] });
  });

  it("ignores a line whose key ID uses another type byte (a plain note signature)", async () => {
    const line = cosign(w2);
    const bytes = Buffer.from(line.split(" ")[2] as string, "base64");
    const publicKey = rawPublicKey(w2.privateKey);
    createHash("sha256")
      .update(Buffer.concat([Buffer.from("w2.example\n"), Buffer.from([0x01]), publicKey]))
      .digest()
      .copy(bytes, 0, 0, 4);
    const wrongType = `\u2014 w2.example ${bytes.toString("base64")}`;
    const verdict = await quorum([cosign(w1), wrongType], 2);
    // Not a configured key: ignored, not reported as a bad cosignature.
    expect(verdict).toMatchObject({ ok: false, cosigners: ["w1.example"] });
    expect(verdict.detail).not.toMatch(/does not verify/);
  });

  it("skips lines that are not cosignatures in shape, without throwing", async () => {
    const line = cosign(w1);
    for (const bad of [line.slice(0, -1), line.slice(0, -4), `${line} x`, "— w1.example", ""]) {
      expect(parseCosignatureLine(bad)).toBeNull();
    }
    expect((await quorum([line.slice(0, -1)], 1)).ok).toBe(false);
  });

  it("ignores unknown witnesses and the log's own signature line", async () => {
    const stranger = witness("w1.example");
    const logLine = "\u2014 settlement.example.com/attest/sandbox AAAAAA==";
    expect((await quorum([logLine, cosign(stranger), cosign(w2)], 2)).ok).toBe(false);
  });
});

describe("the witness_cosignatures check of the receipt verifier", () => {
  const keys = generateTreeHeadKeyPair();
  const treeHead = signTreeHead({
    origin,
    treeSize: 42,
    rootHash: sha256Hex("root"),
    keyId: keys.kid,
    privateKey: keys.privateKeyPem,
  });
  const policy = { keys: [w1.vkey, w2.vkey, w3.vkey], quorum: 2 };

  it("passes on a tree head carrying a quorum, and names the check when it does not", async () => {
    const cosigned = { ...treeHead, cosignatures: [cosign(w1), cosign(w2)] };
    expect(await checkWitnessCosignatures({ treeHead: cosigned, policy })).toMatchObject({
      name: "witness_cosignatures",
      ok: true,
    });
    expect(await checkWitnessCosignatures({ treeHead, policy })).toEqual({
      name: "witness_cosignatures",
      ok: false,
      detail: "0 valid cosignatures from configured witnesses, quorum is 2",
    });
  });

  it("fails on a policy it cannot apply", async () => {
    const bad = await checkWitnessCosignatures({ treeHead, policy: { ...policy, quorum: 4 } });
    expect(bad).toMatchObject({
      ok: false,
      detail: "quorum 4 is not between 1 and the 3 witness keys",
    });
    const notVkey = await checkWitnessCosignatures({
      treeHead,
      policy: { keys: ["nonsense"], quorum: 1 },
    });
    expect(notVkey).toMatchObject({ ok: false, detail: "vkey nonsense: bad key ID" });
  });
});
