import { generateKeyPairSync } from "node:crypto";
import { CompactSign } from "jose";
import { describe, expect, it } from "vitest";
import { jwkThumbprint, type TAgentPublicJwk } from "./agent-public-key";
import { verifyAgreementJws } from "./agreement-jws";
import { agreementPayloadText } from "./negotiation-transcript";

const statement = {
  negotiationId: "neg-1",
  round: 2,
  action: "accept" as const,
  terms: {
    amount: { value: 1000, currency: "USD" },
    splits: [{ agentId: "agent-b", amount: 1000 }],
    description: null,
  },
};
const payloadText = agreementPayloadText(statement);

const pairOf = (alg: "EdDSA" | "ES256") => {
  const pair =
    alg === "EdDSA"
      ? generateKeyPairSync("ed25519")
      : generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = pair.publicKey.export({ format: "jwk" }) as TAgentPublicJwk;
  const sign = (text: string, header: Record<string, unknown> = {}) =>
    new CompactSign(new TextEncoder().encode(text))
      .setProtectedHeader({ alg, kid: "akey-1", ...header })
      .sign(pair.privateKey);
  return { jwk, sign };
};

describe("agreementPayloadText", () => {
  it("is the RFC 8785 text of the four members, terms reduced to theirs", () => {
    expect(
      agreementPayloadText({
        ...statement,
        terms: { ...statement.terms, extra: "dropped" } as typeof statement.terms,
      }),
    ).toBe(
      '{"action":"accept","negotiationId":"neg-1","round":2,"terms":{"amount":{"currency":"USD","value":1000},"description":null,"splits":[{"agentId":"agent-b","amount":1000}]}}',
    );
  });
});

describe("verifyAgreementJws", () => {
  for (const alg of ["EdDSA", "ES256"] as const) {
    it(`accepts a ${alg} signature of the statement and refuses every deviation`, async () => {
      const { jwk, sign } = pairOf(alg);
      const verify = async (jws: string, kid = "akey-1", key = jwk) =>
        verifyAgreementJws({ jws, jwk: key, kid, payloadText });
      expect(await verify(await sign(payloadText))).toEqual({ ok: true });

      const other = pairOf(alg);
      expect(await verify(await other.sign(payloadText))).toEqual({
        ok: false,
        detail: "does not verify with the key",
      });
      expect((await verify(await sign(`${payloadText} `))).ok).toBe(false);
      expect((await verify(await sign(payloadText), "akey-2")).ok).toBe(false);
      const [, payload, signature] = (await sign(payloadText)).split(".");
      const header = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const crit = header({ alg, kid: "akey-1", crit: ["b64"], b64: false });
      expect(await verify(`${crit}.${payload}.${signature}`)).toEqual({
        ok: false,
        detail: "must not carry crit or b64 header parameters",
      });
      const none = header({ alg: "none", kid: "akey-1" });
      expect(await verify(`${none}.${payload}.${signature}`)).toEqual({
        ok: false,
        detail: `must use alg ${alg} (the key's), not none`,
      });
      expect(await verify(`${none}.${payload}.`)).toEqual({
        ok: false,
        detail: "is not a compact JWS",
      });
      expect((await verify("a.b")).ok).toBe(false);
    });
  }

  it("refuses a key the header's algorithm does not match", async () => {
    const ed = pairOf("EdDSA");
    const ec = pairOf("ES256");
    const verdict = await verifyAgreementJws({
      jws: await ed.sign(payloadText),
      jwk: ec.jwk,
      kid: "akey-1",
      payloadText,
    });
    expect(verdict).toEqual({ ok: false, detail: "must use alg ES256 (the key's), not EdDSA" });
  });
});

describe("jwkThumbprint", () => {
  it("is the RFC 7638 thumbprint (RFC 8037 appendix A.3 example)", () => {
    expect(
      jwkThumbprint({
        kty: "OKP",
        crv: "Ed25519",
        x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
      }),
    ).toBe("kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
  });
});
