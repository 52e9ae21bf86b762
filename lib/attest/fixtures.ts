import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { agentKeyEntryText, textLogEntry } from "./agent-key-entry";
import type { TAgentPublicJwk } from "./agent-public-key";
import { toBase64Url, utf8ToBytes } from "./bytes";
import { generateTreeHeadKeyPair, signTreeHead } from "./checkpoint-sign";
import { buildEvidenceRecord } from "./evidence-chain";
import { toHashHex } from "./hash";
import { hashMandate, type TMandateTerms, utcDay } from "./mandate";
import { appendLeaves, inclusionProof, treeRoot } from "./merkle-log";
import { createMemoryNodeStore } from "./merkle-memory-store";
import {
  agreementPayloadText,
  NEGOTIATION_STEP_TYPE,
  type TNegotiationStepPayload,
} from "./negotiation-transcript";
import { toReceiptBundle } from "./receipt-bundle";
import { hashReceipt, receiptLogEntry } from "./receipt-hash";
import type {
  TEvidenceRecord,
  TKeyProof,
  TParty,
  TReceipt,
  TReceiptBundle,
  TReceiptFormatVersion,
} from "./schemas";
import { buildSettlementEvidence } from "./settlement-evidence";

/*
 * Realistic attested receipts for tests and benchmarks, produced the way the settlement code is
 * meant to: evidence chain → receipt hash → log append → signed tree head → inclusion proof.
 * Not part of the public surface.
 */

export const TEST_ORIGIN = "settlement.example.com/attest/sandbox";
export const TEST_POLICY = "pol-standard@v1";

export const TEST_POLICY_INPUTS = {
  allowedCurrencies: ["USD", "EUR", "GBP", "JPY"],
  perSettlementLimit: 100_000_000,
  perDayLimit: 500_000_000,
  payerVolume24h: 0,
};

const id = (prefix: string) => `${prefix}-${randomBytes(12).toString("base64url")}`;

const at = (base: number, offsetMs: number) => new Date(base + offsetMs).toISOString();

/** An agent key the log holds (an `add` entry) for a signed transcript to name. */
export type TFixtureAgentKey = {
  agentId: string;
  keyId: string;
  publicJwk: TAgentPublicJwk;
  at: string;
};

export type TDraftReceipt = {
  receipt: TReceipt;
  evidence: TEvidenceRecord[];
  /** The keys that signed its transcript, to be logged before its receipt (format 3). */
  keys: TFixtureAgentKey[];
};

/** A fresh Ed25519 agent key, added to the log a minute before `baseTime`, and its signer. */
const agentKeyOf = (agentId: string, baseTime: number) => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const { x } = publicKey.export({ format: "jwk" });
  const key: TFixtureAgentKey = {
    agentId,
    keyId: id("key"),
    publicJwk: { kty: "OKP", crv: "Ed25519", x: x! },
    at: at(baseTime, -60_000),
  };
  /** Compact JWS (EdDSA) over `payloadText`, naming the key. */
  const signText = (payloadText: string) => {
    const header = toBase64Url(utf8ToBytes(JSON.stringify({ alg: "EdDSA", kid: key.keyId })));
    const input = `${header}.${toBase64Url(utf8ToBytes(payloadText))}`;
    return `${input}.${toBase64Url(sign(null, Buffer.from(input), privateKey))}`;
  };
  return { key, signText };
};

/**
 * The transcript: the initiator proposes the terms, each responder accepts them. Unsigned, or
 * under `signatures: "all"` every party signs its step with a key of its own (returned).
 */
const transcriptOf = ({
  negotiationId,
  initiatorAgentId,
  responders,
  terms,
  baseTime,
  signed,
}: {
  negotiationId: string;
  initiatorAgentId: string;
  responders: string[];
  terms: TNegotiationStepPayload["terms"];
  baseTime: number;
  signed: boolean;
}) => {
  const keys: TFixtureAgentKey[] = [];
  const steps = [initiatorAgentId, ...responders].map((agentId, index) => {
    const action = index === 0 ? "propose" : "accept";
    let signature: TNegotiationStepPayload["signature"] = null;
    if (signed) {
      const { key, signText } = agentKeyOf(agentId, baseTime);
      keys.push(key);
      const text = agreementPayloadText({
        negotiationId,
        round: 1,
        action,
        terms,
        signatures: "all",
      });
      signature = { jws: signText(text), keyId: key.keyId, publicJwk: key.publicJwk };
    }
    return {
      type: NEGOTIATION_STEP_TYPE,
      payload: {
        negotiationId,
        step: index + 1,
        round: 1,
        action,
        agentId,
        terms,
        message: null,
        at: at(baseTime, -1_000 + index * 100),
        credential: { kind: "api_key", keyId: "key-fixture" },
        signature,
        ...(signed && index === 0 ? { signatures: "all" as const } : {}),
      } satisfies TNegotiationStepPayload,
    };
  });
  return { steps, keys };
};

/**
 * One executed settlement with 1 to 3 responders and its evidence records: in format 1 the
 * three a settlement records, in formats 2 and 3 the negotiation transcript before them, signed
 * by every party when `signed` (format 3: the keys must then be logged before the receipt).
 */
export const draftReceipt = ({
  responderCount = 1,
  value = 125_000,
  policyVersion = TEST_POLICY,
  baseTime = Date.UTC(2026, 10, 22, 18, 30),
  mandate,
  formatVersion = 1,
  signed = false,
}: {
  responderCount?: 1 | 2 | 3;
  value?: number;
  policyVersion?: string;
  baseTime?: number;
  /** The payer's mandate, recorded as checked at execution with `spentBefore` already spent. */
  mandate?: { terms: TMandateTerms; version: number; spentBefore: number };
  formatVersion?: TReceiptFormatVersion;
  signed?: boolean;
} = {}): TDraftReceipt => {
  const settlementId = id("stl");
  const negotiationId = id("neg");
  const initiatorAgentId = id("agent");
  const responders = Array.from({ length: responderCount }, () => id("agent"));
  const share = Math.floor(value / responders.length);
  const splits = responders.map((agentId, i) => ({
    agentId,
    amount: i === 0 ? value - share * (responders.length - 1) : share,
  }));
  const amount = { value, currency: "USD" };
  const externalRef = `sbx_${randomBytes(8).toString("hex")}`;
  const terms = { amount, splits, description: null };
  const transcript =
    formatVersion === 1
      ? { steps: [], keys: [] }
      : transcriptOf({ negotiationId, initiatorAgentId, responders, terms, baseTime, signed });
  const built = buildSettlementEvidence({
    negotiation: {
      negotiationId,
      round: 1,
      initiatorAgentId,
      responders,
      terms,
      // The agreement check counts the proposer among the agents that accepted.
      acceptedBy: formatVersion === 1 ? responders : [initiatorAgentId, ...responders],
    },
    settlement: {
      settlementId,
      adapter: "sandbox",
      policyVersion,
      policyInputs: TEST_POLICY_INPUTS,
    },
    payment: {
      externalRef,
      railStatus: "succeeded",
      latencyMs: 412,
      confirmedAt: at(baseTime, 1_662),
    },
    mandate: mandate && {
      settlementId,
      payerAgentId: initiatorAgentId,
      mandate: mandate.terms,
      mandateHash: hashMandate(mandate.terms),
      mandateVersion: mandate.version,
      checkedAt: at(baseTime, 1_200),
      day: utcDay(at(baseTime, 1_200)),
      amount,
      spentBefore: mandate.spentBefore,
    },
  });
  const offsets = mandate ? [0, 1_200, 1_250, 1_700] : [0, 1_250, 1_700];
  const evidence: TEvidenceRecord[] = [];
  const records = [
    ...transcript.steps.map((step) => ({ ...step, createdAt: step.payload.at })),
    ...built.evidence.map((input, i) => ({ ...input, createdAt: at(baseTime, offsets[i]!) })),
  ];
  for (const record of records) {
    evidence.push(
      buildEvidenceRecord({ previous: evidence.at(-1) ?? null, id: id("ev"), ...record }).record,
    );
  }
  const parties: TParty[] = built.parties;

  const createdAt = at(baseTime, 1_800);
  const base = {
    id: id("rcp"),
    settlementId,
    negotiationId,
    amount,
    parties,
    adapter: "sandbox",
    externalRef,
    createdAt,
  };
  const { attestHash } = hashReceipt({
    ...base,
    formatVersion,
    policySnapshot: policyVersion,
    evidenceChainHead: evidence.at(-1)!.hash,
    evidenceChain: evidence.map((record) => record.id),
  });
  const receipt: TReceipt = {
    ...base,
    attestHash,
    status: "valid",
    attest: {
      ...(formatVersion === 1 ? {} : { formatVersion }),
      hash: attestHash,
      algorithm: "SHA-256",
      proof: {
        policySnapshot: policyVersion,
        evidenceChain: evidence.map((record) => record.id),
        deterministic: true,
      },
      status: "valid",
      verifiedAt: at(baseTime, 1_900),
    },
  };
  return { receipt, evidence, keys: transcript.keys };
};

/** Leaves left before each receipt for its signing keys' entries: up to four parties sign. */
const KEY_LEAVES = 4;

/**
 * A log of `totalLeaves` leaves holding `receiptCount` drafted receipts spread across it (the
 * other leaves stand for other receipts), its signed tree head, and one bundle per receipt.
 * With `signEvery` n (format 3), every n-th receipt's transcript is signed by all its parties,
 * their keys' `add` entries are logged just before it and its bundle carries their proofs.
 */
export const buildAttestedLog = async ({
  receiptCount,
  totalLeaves = receiptCount,
  origin = TEST_ORIGIN,
  formatVersion = 1,
  signEvery = 0,
}: {
  receiptCount: number;
  totalLeaves?: number;
  origin?: string;
  formatVersion?: TReceiptFormatVersion;
  signEvery?: number;
}) => {
  const keys = generateTreeHeadKeyPair();
  const jwks = { keys: [keys.publicJwk] };
  const { store, stats } = createMemoryNodeStore();
  const stride = Math.max(1, Math.floor(totalLeaves / Math.max(receiptCount, 1)));
  if (signEvery > 0 && (formatVersion < 3 || stride <= KEY_LEAVES))
    throw new Error(`signed receipts need format 3 and over ${KEY_LEAVES} leaves per receipt`);
  const drafts = Array.from({ length: receiptCount }, (_, i) =>
    draftReceipt({
      responderCount: ((i % 3) + 1) as 1 | 2 | 3,
      value: 1_000 + i * 37,
      formatVersion,
      signed: signEvery > 0 && i % signEvery === 0,
    }),
  );
  const offset = signEvery > 0 ? KEY_LEAVES : 0;
  const leafIndexes = drafts.map((_, i) => i * stride + offset);

  const entries: Uint8Array[] = Array.from({ length: totalLeaves }, () => randomBytes(32));
  const keyEntries: { text: string; leafIndex: number }[][] = drafts.map((draft, i) => {
    entries[leafIndexes[i]!] = receiptLogEntry(draft.receipt.attestHash);
    return draft.keys.map((key, k) => {
      const text = agentKeyEntryText({ action: "add", ...key });
      const leafIndex = leafIndexes[i]! - draft.keys.length + k;
      entries[leafIndex] = textLogEntry(text);
      return { text, leafIndex };
    });
  });
  let size = 0;
  for (let start = 0; start < entries.length; start += 4096) {
    const batch = entries.slice(start, start + 4096);
    const appended = await appendLeaves({ store, size, entries: batch });
    await store.put(appended.nodes);
    size = appended.size;
  }

  const root = await treeRoot({ store, size });
  const treeHead = signTreeHead({
    origin,
    treeSize: size,
    rootHash: toHashHex(root),
    keyId: keys.kid,
    privateKey: keys.privateKeyPem,
  });
  const bundles: TReceiptBundle[] = [];
  for (const [i, draft] of drafts.entries()) {
    const leafIndex = leafIndexes[i]!;
    const proof = await inclusionProof({ store, index: leafIndex, size });
    const keyProofs: TKeyProof[] = [];
    for (const entry of keyEntries[i]!) {
      const hashes = await inclusionProof({ store, index: entry.leafIndex, size });
      keyProofs.push({
        entry: entry.text,
        leafIndex: entry.leafIndex,
        hashes: hashes.map(toHashHex),
      });
    }
    bundles.push(
      toReceiptBundle({
        ...draft,
        leafIndex,
        proof,
        treeHead,
        ...(formatVersion >= 3 ? { keyProofs } : {}),
      }),
    );
  }
  return { bundles, jwks, keys, store, stats, entries, leafIndexes, size, root, treeHead };
};

/**
 * What a forger without the log or the signing key can do with a bundle it edited: re-chain the
 * evidence and, unless `attest` is false, re-hash the receipt.
 */
export const resealBundle = (bundle: TReceiptBundle, { attest = true } = {}) => {
  const records: TEvidenceRecord[] = [];
  for (const record of bundle.attest.evidence) {
    records.push(buildEvidenceRecord({ ...record, previous: records.at(-1) ?? null }).record);
  }
  bundle.attest.evidence = records;
  bundle.attest.proof.evidenceChain = records.map((r) => r.id);
  if (!attest) return bundle;
  const { attestHash } = hashReceipt({
    ...bundle,
    formatVersion: bundle.attest.formatVersion ?? 1,
    policySnapshot: bundle.attest.proof.policySnapshot,
    evidenceChainHead: records.at(-1)!.hash,
    evidenceChain: bundle.attest.proof.evidenceChain,
  });
  bundle.attestHash = attestHash;
  bundle.attest.hash = attestHash;
  return bundle;
};
