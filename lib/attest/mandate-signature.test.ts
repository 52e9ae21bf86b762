import { describe, expect, it } from "vitest";
import { hashMandate } from "./mandate";
import { checkMandateSignature } from "./mandate-signature";

const mandate = {
  limits: [{ currency: "USD", perSettlement: 1000, perDay: 5000 }],
  allowedCounterparties: null,
  expiresAt: null,
};
const record = (payload: Record<string, unknown>) => [
  {
    type: "mandate_checked",
    payload: {
      settlementId: "stl-1",
      payerAgentId: "agent-payer",
      mandate,
      mandateHash: hashMandate(mandate),
      mandateVersion: 1,
      checkedAt: "2026-11-28T10:00:00.000Z",
      day: "2026-11-28",
      amount: { value: 700, currency: "USD" },
      spentBefore: 0,
      ...payload,
    },
  },
];

describe("checkMandateSignature on records a forger shaped", () => {
  it("leaves an unreadable mandate record to the policy check instead of throwing", async () => {
    const publicJwk = {
      kty: "OKP",
      crv: "Ed25519",
      x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
    };
    const signature = { jws: "a.b.c", signerAgentId: "agent-t", keyId: "akey-1", publicJwk };
    expect(await checkMandateSignature(record({ mandate: { limits: 5 }, signature }))).toBe(null);
  });

  it("fails a signature that is not a signature object, rather than dropping the check", async () => {
    expect(await checkMandateSignature(record({ signature: "signed, trust me" }))).toEqual({
      name: "mandate_signature",
      ok: false,
      detail: "the mandate's signature is not {jws, signerAgentId, keyId, publicJwk}",
    });
  });

  it("says an unsigned mandate is unsigned", async () => {
    expect(await checkMandateSignature(record({}))).toEqual({
      name: "mandate_signature",
      ok: true,
      detail: "the mandate of agent-payer is not signed",
    });
  });
});
