import { z } from "zod";
import { receiptStatuses } from "@/db/schema";
import { ZCreatedRange } from "@/lib/http/created-range";
import { ZListQuery } from "@/lib/http/pagination";
import { ZAmount } from "@/lib/money/schemas";

const ZHash = z
  .string()
  .meta({ description: "SHA-256, `0x` + 64 hex digits.", example: `0x${"3f".repeat(32)}` });

const ZTime = z.string().meta({ description: "ISO 8601 UTC with milliseconds." });

const ZStatus = z.enum(receiptStatuses).meta({
  description:
    "`pending` until the attestation is sealed in the log, then `valid`; `invalid` when a recomputation no longer matches what was recorded.",
});

export const ZReceiptId = z
  .string()
  .max(100)
  .meta({ description: "Receipt id.", example: "rcp-8XkqP2m9TnW2bX0a" });

export const ZReceiptListItem = z
  .object({
    id: ZReceiptId,
    settlementId: z.string(),
    negotiationId: z.string(),
    amount: ZAmount,
    attestHash: ZHash,
    status: ZStatus,
    createdAt: ZTime,
  })
  .meta({ id: "ReceiptListItem" });

const ZParty = z
  .object({
    agentId: z.string(),
    role: z.enum(["initiator", "responder"]),
    amount: z.number().int().meta({
      description:
        "This party's share: the initiator pays the whole amount, each responder receives its split.",
    }),
  })
  .meta({ id: "ReceiptParty" });

const ZAttestProof = z.object({
  policySnapshot: z
    .string()
    .meta({ description: "The immutable policy version the settlement was checked against." }),
  evidenceChain: z.array(z.string()).meta({ description: "Evidence record ids in chain order." }),
  deterministic: z.boolean().meta({
    description:
      "Whether replaying the settlement from its evidence reproduced it (checked when sealed).",
  }),
});

const ZFormatVersion = z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({
  description:
    "The receipt format: 2 adds the negotiation transcript, its credentials and agent signatures to the evidence (the `agreement` check); 3 also proves in the bundle that each signing key was in the log before it signed (the `signing_keys` check); 1 for receipts issued before transcripts.",
});

const attestFields = {
  formatVersion: ZFormatVersion,
  hash: ZHash,
  algorithm: z.literal("SHA-256"),
  proof: ZAttestProof,
  status: ZStatus,
  verifiedAt: ZTime.nullable().meta({
    description: "When the current status was established; null while pending.",
  }),
};

export const ZReceiptFull = z
  .object({
    ...ZReceiptListItem.shape,
    parties: z.array(ZParty),
    adapter: z.string(),
    externalRef: z.string(),
    attest: z.object(attestFields),
  })
  .meta({ id: "Receipt" });

export const ZEvidenceRecordOut = z
  .object({
    id: z.string(),
    type: z.string(),
    payload: z.record(z.string(), z.unknown()),
    previousHash: ZHash,
    hash: ZHash,
    createdAt: ZTime,
  })
  .meta({ id: "EvidenceRecord" });

export const ZInclusionProofOut = z
  .object({
    leafIndex: z.number().int(),
    treeSize: z.number().int(),
    hashes: z.array(ZHash).meta({ description: "RFC 9162 audit path, leaf side first." }),
  })
  .meta({ id: "InclusionProof" });

export const ZTreeHeadOut = z
  .object({
    origin: z.string(),
    treeSize: z.number().int(),
    rootHash: ZHash,
    signature: z.string().meta({ description: "Ed25519 over the C2SP checkpoint text, base64." }),
    keyId: z.string().meta({ description: "`kid` of the key in /.well-known/jwks.json." }),
  })
  .meta({ id: "SignedTreeHead" });

export const ZReceiptBundleOut = z
  .object({
    ...ZReceiptFull.shape,
    attest: z.object({
      ...attestFields,
      // Bundles exported before formats were numbered lack it; the verifier reads them as 1.
      formatVersion: ZFormatVersion.optional(),
      verifiedAt: ZTime,
      evidence: z.array(ZEvidenceRecordOut),
      inclusionProof: ZInclusionProofOut,
      treeHead: ZTreeHeadOut,
      keyProofs: z
        .array(
          z
            .object({
              entry: z.string().meta({
                description:
                  "The log entry's text: `agent-key/v1`, a newline, then the RFC 8785 JSON `{action, agentHash, at, keyId, publicJwk}`.",
              }),
              leafIndex: z.number().int(),
              hashes: z
                .array(ZHash)
                .meta({ description: "RFC 9162 audit path under `treeHead`, leaf side first." }),
            })
            .meta({ id: "AgentKeyProof" }),
        )
        .optional()
        .meta({
          description:
            "Format 3: each signing key's `add` entry in the log (and its `revoke` entry once logged), with its inclusion proof under `treeHead`.",
        }),
    }),
  })
  .meta({
    id: "ReceiptBundle",
    description: "A self-contained receipt: verify it offline with the JWKS alone.",
  });

export const ZVerifyCheck = z
  .object({
    name: z.enum([
      "schema",
      "evidence_chain",
      "attest_hash",
      "terms",
      "policy",
      "agreement",
      "signing_keys",
      "mandate_signature",
      "inclusion",
      "tree_head_signature",
      "tree_head_key_window",
      "witness_cosignatures",
    ]),
    ok: z.boolean(),
    detail: z
      .string()
      .optional()
      .meta({ description: "Why the check failed, or what a passing check could not check." }),
  })
  .meta({ id: "VerifyCheck" });

const ZEvidenceValidity = z.object({ id: z.string(), type: z.string(), valid: z.boolean() });

export const ZListReceiptsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    settlementId: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "Only the receipt of this settlement." }),
    negotiationId: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "Only receipts of this negotiation's settlements." }),
    status: z
      .enum(receiptStatuses)
      .optional()
      .meta({ description: "Only receipts in this status." }),
    ...ZCreatedRange.shape,
  })
  .meta({ id: "ListReceiptsQuery" });

export const ZReceiptParams = z.object({ id: ZReceiptId });

export const ZVerifyReceiptBody = z
  .strictObject({
    includeEvidence: z
      .boolean()
      .default(false)
      .meta({ description: "Return each evidence record's validity." }),
    recomputeHash: z.boolean().default(true).meta({
      description:
        "Recompute the evidence hashes and the attest hash from the stored facts (default). With false, only the recorded hash's log inclusion, its signed tree head and the policy are checked.",
    }),
  })
  .meta({ id: "VerifyReceiptRequest" });

export const ZReceiptVerification = z
  .object({
    receiptId: ZReceiptId,
    status: ZStatus,
    attestHash: ZHash.meta({ description: "The recorded attest hash." }),
    hashMatch: z.boolean().meta({
      description:
        "The recorded hash is what the stored facts hash to (and, with recomputeHash false, what the log holds).",
    }),
    policyCompliant: z.boolean(),
    evidence: z.array(ZEvidenceValidity).optional(),
    verifiedAt: ZTime,
    checks: z
      .array(ZVerifyCheck)
      .meta({ description: "Every check run, in order; the failing ones say why." }),
  })
  .meta({ id: "ReceiptVerification" });

export const ZAttestTarget = z
  .strictObject({
    settlementId: z.string().max(100).optional().meta({
      description: "The settlement to check (or give receiptId).",
      example: "stl-9bX2kQ7fT1cZ0aWm",
    }),
    receiptId: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "The receipt whose settlement to check (or give settlementId)." }),
  })
  .superRefine((value, context) => {
    if ((value.settlementId === undefined) === (value.receiptId === undefined)) {
      context.addIssue({
        code: "custom",
        path: [value.settlementId === undefined ? "settlementId" : "receiptId"],
        message: "give exactly one of settlementId and receiptId",
      });
    }
  })
  .meta({ id: "AttestTarget" });

export const ZAttestVerification = z
  .object({
    settlementId: z.string(),
    receiptId: ZReceiptId,
    status: ZStatus,
    attestHash: ZHash,
    checks: z.array(ZVerifyCheck),
    evidence: z.array(ZEvidenceValidity),
    leafIndex: z.number().int().nullable(),
    treeHead: ZTreeHeadOut.nullable(),
    verifiedAt: ZTime,
  })
  .meta({ id: "AttestVerification" });

export const ZEvidenceParams = z.object({
  id: z
    .string()
    .max(100)
    .meta({ description: "Evidence record id.", example: "ev-4fZq1c9TnW2bX0aK" }),
});

export const ZEvidenceDetail = z
  .object({
    ...ZEvidenceRecordOut.shape,
    settlementId: z.string(),
    valid: z
      .boolean()
      .meta({ description: "The record hashes to `hash` and links to the record before it." }),
    chain: z.object({
      position: z.number().int(),
      length: z.number().int(),
      previousId: z.string().nullable(),
      nextId: z.string().nullable(),
      head: ZHash.meta({ description: "Hash of the chain's last record." }),
    }),
    receipt: z
      .object({
        id: ZReceiptId,
        attestHash: ZHash,
        status: ZStatus,
        inChain: z
          .boolean()
          .meta({ description: "The receipt's evidenceChain names this record." }),
        leafIndex: z.number().int().nullable(),
        inclusionProof: ZInclusionProofOut.nullable(),
        treeHead: ZTreeHeadOut.nullable(),
      })
      .nullable()
      .meta({
        description:
          "The receipt the chain ends in, with its log inclusion; null before one is issued.",
      }),
  })
  .meta({ id: "EvidenceDetail" });

const ZOutcome = z.object({
  status: z.string(),
  settlementId: z.string(),
  negotiationId: z.string(),
  amount: ZAmount,
  parties: z.array(ZParty),
  adapter: z.string(),
  externalRef: z.string(),
  policyVersion: z.string(),
  policy: z.object({ allowed: z.boolean(), violations: z.array(z.string()) }),
  attestHash: ZHash,
});

export const ZReplayResult = z
  .object({
    settlementId: z.string(),
    receiptId: ZReceiptId,
    engineVersion: z.string(),
    deterministic: z.boolean(),
    error: z.string().nullable().meta({ description: "Why the decisions could not be re-run." }),
    steps: z.array(
      z.object({ evidenceId: z.string(), type: z.string(), from: z.string(), to: z.string() }),
    ),
    recorded: ZOutcome,
    replayed: ZOutcome.nullable(),
    diff: z
      .array(z.object({ path: z.string(), recorded: z.unknown(), replayed: z.unknown() }))
      .meta({ description: "Every value that came out differently; empty when deterministic." }),
    replayedAt: ZTime,
  })
  .meta({ id: "ReplayResult" });

export type TReceiptListItem = z.infer<typeof ZReceiptListItem>;
export type TReceiptFull = z.infer<typeof ZReceiptFull>;
export type TListReceiptsQuery = z.output<typeof ZListReceiptsQuery>;
export type TReceiptVerification = z.infer<typeof ZReceiptVerification>;
