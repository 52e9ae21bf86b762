import { createPrivateKey } from "node:crypto";
import { witnessVkeyOf } from "@/lib/attest/cosignature-sign";

/*
 * The witness the run's test server trusts (global-setup sets ATTEST_WITNESSES to its vkey), so
 * that tests can cosign the shared log. Its key is derived from a fixed seed: test-only.
 */
const name = "witness.test/campaign";
// PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed.
const pkcs8Prefix = Buffer.from("302e020100300506032b657004220420", "hex");
const privateKey = createPrivateKey({
  key: Buffer.concat([pkcs8Prefix, Buffer.alloc(32, 7)]),
  format: "der",
  type: "pkcs8",
});

export const testWitness = { name, privateKey, vkey: witnessVkeyOf({ name, privateKey }) };
