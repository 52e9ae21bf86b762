import { generateKeyPairSync } from "node:crypto";
import { CompactSign } from "jose";
import { describe, expect, it } from "vitest";
import type { TAgentPublicJwk } from "./agent-public-key";
import { checkAgreement } from "./agreement-check";
import {
  agreementPayloadText,
  readTranscript,
  type TNegotiationStepPayload,
  type TSignatureRequirement,
} from "./negotiation-transcript";
import type { TEvidenceRecord } from "./schemas";

const negotiationId = "neg-1";
const payer = "agent-payer";
const payee = "agent-payee";
const terms = {
  amount: { value: 1000, currency: "USD" },
  splits: [{ agentId: payee, amount: 1000 }],
  description: null,
};

const signerOf = (agentId: string) => {
  const pair = generateKeyPairSync("ed25519");
  const publicJwk = pair.publicKey.export({ format: "jwk" }) as TAgentPublicJwk;
  return async (
    step: Pick<TNegotiationStepPayload, "round" | "action"> & { terms?: typeof terms },
    signatures: TSignatureRequirement,
  ) => ({
    jws: await new CompactSign(
      new TextEncoder().encode(agreementPayloadText({ negotiationId, terms, ...step, signatures })),
    )
      .setProtectedHeader({ alg: "EdDSA", kid: `akey-${agentId}` })
      .sign(pair.privateKey),
    keyId: `akey-${agentId}`,
    publicJwk,
  });
};
const signPayer = signerOf(payer);
const signPayee = signerOf(payee);

/** Propose by the payer, accept by the payee, each signed or not, and the acceptance record. */
async function evidenceOf({
  requirement,
  payerSigns,
  payeeSigns,
  recorded = requirement,
}: {
  requirement: TSignatureRequirement;
  payerSigns: boolean;
  payeeSigns: boolean;
  /** What the transcript shows as the requirement (a forger may drop it). */
  recorded?: TSignatureRequirement;
}): Promise<TEvidenceRecord[]> {
  const step = async (
    index: number,
    agentId: string,
    action: "propose" | "accept",
    sign: typeof signPayer | null,
  ): Promise<TEvidenceRecord> => {
    const payload: TNegotiationStepPayload = {
      negotiationId,
      step: index,
      round: 1,
      action,
      agentId,
      terms,
      message: null,
      at: "2026-11-28T09:00:00.000Z",
      credential: { kind: "api_key", keyId: "key-1" },
      signature: sign ? await sign({ round: 1, action }, requirement) : null,
      ...(action === "propose" && recorded !== "none" ? { signatures: recorded } : {}),
    };
    return { id: `ev-${index}`, type: "negotiation_step", payload } as unknown as TEvidenceRecord;
  };
  return [
    await step(1, payer, "propose", payerSigns ? signPayer : null),
    await step(2, payee, "accept", payeeSigns ? signPayee : null),
    {
      id: "ev-3",
      type: "negotiation_accepted",
      payload: {
        negotiationId,
        round: 1,
        initiatorAgentId: payer,
        responders: [payee],
        terms,
        acceptedBy: [payer, payee],
      },
    } as unknown as TEvidenceRecord,
  ];
}

const agreementOf = async (options: Parameters<typeof evidenceOf>[0]) => {
  const evidence = await evidenceOf(options);
  return checkAgreement({ negotiationId, evidence, steps: readTranscript(evidence) });
};

describe("agreementPayloadText with a signature requirement", () => {
  it("signs the requirement only when there is one, so older signatures keep verifying", () => {
    const statement = { negotiationId, round: 1, action: "propose" as const, terms };
    expect(agreementPayloadText({ ...statement, signatures: "none" })).toBe(
      agreementPayloadText(statement),
    );
    expect(JSON.parse(agreementPayloadText({ ...statement, signatures: "all" }))).toEqual({
      ...statement,
      signatures: "all",
    });
  });
});

describe("the agreement check under a signature requirement", () => {
  it("passes when every party signed under `all` and names both signers", async () => {
    expect(await agreementOf({ requirement: "all", payerSigns: true, payeeSigns: true })).toEqual({
      name: "agreement",
      ok: true,
      detail: `final terms signed by ${payer}, ${payee} (signatures required: all)`,
    });
  });

  it("refuses an unsigned payer under `all`, naming it", async () => {
    const verdict = await agreementOf({ requirement: "all", payerSigns: false, payeeSigns: true });
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toBe(
      `the negotiation requires every party's signature of the final terms, and ${payer} did not sign them`,
    );
  });

  it("passes an unsigned payer under `responders`, refuses an unsigned responder", async () => {
    expect(
      (await agreementOf({ requirement: "responders", payerSigns: false, payeeSigns: true })).ok,
    ).toBe(true);
    const verdict = await agreementOf({
      requirement: "responders",
      payerSigns: true,
      payeeSigns: false,
    });
    expect(verdict.detail).toMatch(`${payee} did not sign them`);
  });

  it("fails the remaining signatures when a forger drops the requirement from the proposal", async () => {
    const verdict = await agreementOf({
      requirement: "all",
      recorded: "none",
      payerSigns: false,
      payeeSigns: true,
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toMatch(`the signature of ${payee} does not sign the canonical JSON`);
  });

  it("requires the payer even when a forged transcript drops its accept of a counter", async () => {
    const countered = {
      amount: { value: 900, currency: "USD" },
      splits: [{ agentId: payee, amount: 900 }],
      description: null,
    };
    const [proposal] = await evidenceOf({
      requirement: "all",
      payerSigns: true,
      payeeSigns: false,
    });
    const counter: TNegotiationStepPayload = {
      ...(proposal!.payload as TNegotiationStepPayload),
      step: 2,
      action: "counter",
      agentId: payee,
      terms: countered,
      signature: await signPayee({ round: 1, action: "counter", terms: countered }, "all"),
    };
    delete counter.signatures;
    // The payer's accept of round 2 is gone, and the acceptance claims the payee alone.
    const evidence = [
      proposal,
      { id: "ev-2", type: "negotiation_step", payload: counter },
      {
        id: "ev-3",
        type: "negotiation_accepted",
        payload: {
          negotiationId,
          round: 2,
          initiatorAgentId: payer,
          responders: [payee],
          terms: countered,
          acceptedBy: [payee],
        },
      },
    ] as unknown as TEvidenceRecord[];
    expect(
      (await checkAgreement({ negotiationId, evidence, steps: readTranscript(evidence) })).detail,
    ).toBe(
      `the negotiation requires every party's signature of the final terms, and ${payer} did not sign them`,
    );
  });

  it("reports signers without a requirement, and passes with none", async () => {
    expect(await agreementOf({ requirement: "none", payerSigns: false, payeeSigns: true })).toEqual(
      {
        name: "agreement",
        ok: true,
        detail: `final terms signed by ${payee} (signatures required: none)`,
      },
    );
    expect(
      (await agreementOf({ requirement: "none", payerSigns: false, payeeSigns: false })).detail,
    ).toBe("final terms signed by no agent (signatures required: none)");
  });
});
