import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { TAgentPublicJwk } from "./agent-public-key";
import * as nativeRuntime from "./verify-signature";

/** The module as a runtime without node:crypto (a browser) loads it: WebCrypto only. */
async function webCryptoRuntime(): Promise<typeof nativeRuntime> {
  const lend = process.getBuiltinModule;
  vi.resetModules();
  Object.assign(process, { getBuiltinModule: undefined });
  try {
    return await import("./verify-signature");
  } finally {
    Object.assign(process, { getBuiltinModule: lend });
  }
}

const data = new TextEncoder().encode('{"negotiationId":"neg-1","round":1}');

const ed25519 = () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    jwk: publicKey.export({ format: "jwk" }) as TAgentPublicJwk,
    signature: new Uint8Array(sign(null, data, privateKey)),
  };
};

const p256 = () => {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    jwk: publicKey.export({ format: "jwk" }) as TAgentPublicJwk,
    // JWS (ES256) carries r ‖ s, not DER.
    signature: new Uint8Array(sign("sha256", data, { key: privateKey, dsaEncoding: "ieee-p1363" })),
  };
};

describe.each([
  ["native verify", async () => nativeRuntime],
  ["WebCrypto", webCryptoRuntime],
])("verifySignature with %s", (_name, load) => {
  it.each([
    ["Ed25519", ed25519],
    ["P-256", p256],
  ])(
    "accepts a %s signature over the data, refuses it over other data or altered",
    async (_curve, key) => {
      const { verifySignature } = await load();
      const { jwk, signature } = key();
      expect(await verifySignature({ jwk, signature, data })).toBe(true);
      expect(await verifySignature({ jwk, signature, data: data.slice(1) })).toBe(false);
      const altered = signature.slice();
      altered[5]! ^= 1;
      expect(await verifySignature({ jwk, signature: altered, data })).toBe(false);
      expect(await verifySignature({ jwk: key().jwk, signature, data })).toBe(false);
    },
  );

  it("refuses a signature of the wrong length without blaming the key", async () => {
    const { verifySignature } = await load();
    const { jwk, signature } = ed25519();
    expect(await verifySignature({ jwk, signature: signature.slice(0, 63), data })).toBe(false);
    const ec = p256();
    expect(await verifySignature({ jwk: ec.jwk, signature: ec.signature.slice(0, 60), data })).toBe(
      false,
    );
  });

  it("throws InvalidPublicKey for a key that is not a point of its curve", async () => {
    const { verifySignature, InvalidPublicKey } = await load();
    const { jwk, signature } = p256();
    const offCurve = { ...jwk, y: jwk.kty === "EC" ? `${jwk.y.slice(0, -2)}AA` : "" };
    await expect(verifySignature({ jwk: offCurve, signature, data })).rejects.toBeInstanceOf(
      InvalidPublicKey,
    );
    const short = { kty: "OKP", crv: "Ed25519", x: "AAAA" } as const;
    await expect(
      verifySignature({ jwk: short, signature: ed25519().signature, data }),
    ).rejects.toBeInstanceOf(InvalidPublicKey);
  });
});
