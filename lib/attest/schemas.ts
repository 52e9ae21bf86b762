import { z } from "zod";
import { HASH_HEX_PATTERN } from "./hash";

const idOf = (prefix: string) => z.string().regex(new RegExp(`^${prefix}-[A-Za-z0-9_-]{1,64}$`));

export const MAX_MONEY_VALUE = 1_000_000_000_000_000;

export const ZHashHex = z.string().regex(HASH_HEX_PATTERN);
export const ZTimestamp = z.iso.datetime({ precision: 3 });
export const ZEvidenceId = idOf("ev");

export const ZAmount = z.object({
  value: z.number().int().positive().max(MAX_MONEY_VALUE),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export const ZParty = z.object({
  agentId: idOf("agent"),
  role: z.enum(["initiator", "responder"]),
  amount: z.number().int().nonnegative().max(MAX_MONEY_VALUE),
});

export const ZEvidenceType = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

export const ZEvidenceRecord = z.object({
  id: ZEvidenceId,
  type: ZEvidenceType,
  payload: z.record(z.string(), z.unknown()),
  previousHash: ZHashHex,
  hash: ZHashHex,
  createdAt: ZTimestamp,
});

export const ZAttestStatus = z.enum(["pending", "valid", "invalid"]);

export const ZAttestProof = z.object({
  // Any string is accepted here so that a malformed id fails the `policy` check by name.
  policySnapshot: z.string().min(1).max(200),
  evidenceChain: z.array(ZEvidenceId).min(1).max(256),
  deterministic: z.boolean(),
});

/**
 * Receipt formats: 1 proves the final terms; 2 adds the negotiation transcript and its
 * signatures; 3 adds, for every signing key, the proof that the log held it before it signed.
 */
export const ZReceiptFormatVersion = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TReceiptFormatVersion = z.infer<typeof ZReceiptFormatVersion>;

export const ZReceiptAttest = z.object({
  // Absent in receipts exported before formats were numbered: those are format 1.
  formatVersion: ZReceiptFormatVersion.optional(),
  hash: ZHashHex,
  algorithm: z.literal("SHA-256"),
  proof: ZAttestProof,
  status: ZAttestStatus,
  verifiedAt: ZTimestamp,
});

/** Receipt (full) as the API returns it. */
export const ZReceipt = z.object({
  id: idOf("rcp"),
  settlementId: idOf("stl"),
  negotiationId: idOf("neg"),
  amount: ZAmount,
  attestHash: ZHashHex,
  status: ZAttestStatus,
  createdAt: ZTimestamp,
  parties: z.array(ZParty).min(1).max(1000),
  adapter: z.string().min(1).max(64),
  externalRef: z.string().max(255),
  attest: ZReceiptAttest,
});

export const ZInclusionProof = z.object({
  leafIndex: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  treeSize: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  hashes: z.array(ZHashHex).max(64),
});

export const ZTreeHead = z.object({
  // The origin is the checkpoint's first line: printable, no newline.
  origin: z.string().regex(/^[\x21-\x7e][\x20-\x7e]{0,254}$/),
  treeSize: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  rootHash: ZHashHex,
  signature: z
    .string()
    .regex(/^[A-Za-z0-9+/]{86}==$/)
    .meta({
      example:
        "CzBVep/E6Q4zWH2ix+wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW+yBFao+02f4jSG2St9wBJg==",
    }),
  keyId: z.string().min(1).max(200),
  cosignatures: z.array(z.string().max(1000)).max(64).optional().meta({
    description:
      "Witness cosignatures of this checkpoint (c2sp.org/tlog-cosignature), as signed-note lines `— <witness> base64(key ID ‖ timestamp ‖ signature)`.",
  }),
});

/** An agent key entry of the log (agent-key-entry.ts) and its inclusion under the tree head. */
export const ZKeyProof = z.object({
  entry: z.string().min(1).max(2048).meta({
    description: "The log entry's text: `agent-key/v1`, a newline, the RFC 8785 JSON of the entry.",
  }),
  leafIndex: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  hashes: z.array(ZHashHex).max(64),
});

/** A self-contained receipt document: the full receipt plus what an offline verifier needs. */
export const ZReceiptBundle = ZReceipt.extend({
  attest: ZReceiptAttest.extend({
    evidence: z.array(ZEvidenceRecord).min(1).max(256),
    inclusionProof: ZInclusionProof,
    treeHead: ZTreeHead,
    keyProofs: z.array(ZKeyProof).max(512).optional().meta({
      description:
        "Format 3: for each agent key that signed in the transcript, its `add` entry in the log (and its `revoke` entry, once logged) with inclusion proofs under `treeHead`.",
    }),
  }),
});

/**
 * Where a tree-head key may sign: in the log named `origin`, checkpoints of `firstTreeSize` to
 * `lastTreeSize` leaves (both included; no last while the key is active).
 */
export const ZTreeHeadKeyWindow = z.object({
  origin: z.string().min(1).max(255),
  firstTreeSize: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  lastTreeSize: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const ZJwk = z.looseObject({
  kty: z.string(),
  kid: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
  /** A tree-head key's windows, one per stretch of a log it signed (see ZTreeHeadKeyWindow). */
  windows: z.array(ZTreeHeadKeyWindow).max(10_000).optional(),
});

export const ZJwks = z.object({ keys: z.array(ZJwk) });

export type TAmount = z.infer<typeof ZAmount>;
export type TParty = z.infer<typeof ZParty>;
export type TEvidenceRecord = z.infer<typeof ZEvidenceRecord>;
export type TKeyProof = z.infer<typeof ZKeyProof>;

/** A receipt's facts as its evidence-replaying checks read them (policy, mandate). */
export type TSettledFacts = {
  evidence: readonly Pick<TEvidenceRecord, "id" | "type" | "payload">[];
  amount: TAmount;
  parties: readonly TParty[];
};
export type TAttestStatus = z.infer<typeof ZAttestStatus>;
export type TReceipt = z.infer<typeof ZReceipt>;
export type TInclusionProof = z.infer<typeof ZInclusionProof>;
export type TTreeHead = z.infer<typeof ZTreeHead>;
export type TReceiptBundle = z.infer<typeof ZReceiptBundle>;
export type TJwk = z.infer<typeof ZJwk>;
export type TTreeHeadKeyWindow = z.infer<typeof ZTreeHeadKeyWindow>;
export type TJwks = z.infer<typeof ZJwks>;
