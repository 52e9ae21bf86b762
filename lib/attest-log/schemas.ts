import { z } from "zod";
import { ZHashHex, ZTreeHead } from "@/lib/attest/schemas";

const size = (description: string) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "a tree size: a whole number without leading zeros")
    .transform(Number)
    .refine(Number.isSafeInteger, "a tree size no larger than 2^53 − 1")
    .meta({ description, example: "42" });

export const ZCheckpoint = ZTreeHead.extend({
  signedAt: z.iso.datetime(),
  note: z.string().meta({
    description:
      "The same tree head as a C2SP signed note: the checkpoint text, a blank line, the signature line.",
  }),
  vkey: z.string().meta({
    description:
      "The signed-note verifier key of the key that signed it, `<origin>+<key ID, hex>+base64(0x01 ‖ Ed25519 public key)`, as Go's golang.org/x/mod/sumdb/note and other note tools take it.",
    example: "local-3f9a/attest/sandbox+5e1b2c3d+AQ3kPYiV7tY6G0dCw8vGZp3s7s3Ur4hx9Wj0y8Yq2Kc=",
  }),
}).meta({ id: "LogCheckpoint" });
export type TCheckpoint = z.infer<typeof ZCheckpoint>;

const ZVkey = z.string().meta({
  description:
    "The key's signed-note verifier key for this log, `<origin>+<key ID, hex>+base64(0x01 ‖ Ed25519 public key)`.",
});

export const ZLogKeys = z
  .object({
    origin: z.string(),
    windows: z
      .array(
        z.object({
          keyId: z.string().meta({ description: "The key's `kid` in `/.well-known/jwks.json`." }),
          vkey: ZVkey,
          firstTreeSize: z.number().int(),
          lastTreeSize: z.number().int().nullable().meta({
            description: "Null while the key is the log's active signing key.",
          }),
        }),
      )
      .meta({
        description:
          "Each stretch of the log one key signed, oldest first: checkpoints of `firstTreeSize` to `lastTreeSize` leaves (both included). The same windows are on the keys in the JWKS; verifiers refuse a checkpoint signed outside them.",
      }),
    transitions: z
      .array(
        z.object({
          treeSize: z.number().int(),
          rootHash: ZHashHex,
          previousKeyId: z.string(),
          keyId: z.string(),
          note: z.string().meta({
            description:
              "The transition checkpoint as a C2SP signed note with two signature lines: the new key's, then the retiring key's.",
          }),
        }),
      )
      .meta({
        description:
          "Where signing passed from one key to the next: the same checkpoint signed by both keys, so a verifier that trusts the retiring key can learn the new one.",
      }),
  })
  .meta({ id: "LogKeys" });
export type TLogKeys = z.infer<typeof ZLogKeys>;

export const ZCosignatureSubmission = z
  .strictObject({
    checkpoint: z.string().max(1000).meta({
      description:
        "The checkpoint the witness cosigned, exactly as the log writes one: `<origin>\\n<tree size>\\n<root hash, base64>\\n` (the note body, without signature lines): this log's tree at that size, normally the latest.",
    }),
    cosignature: z.string().max(1000).meta({
      description:
        "The witness's signed-note line `— <witness name> base64(key ID ‖ timestamp ‖ Ed25519 signature)`, c2sp.org/tlog-cosignature `cosignature/v1`, without a newline.",
    }),
  })
  .meta({ id: "LogCosignatureSubmission" });
export type TCosignatureSubmission = z.infer<typeof ZCosignatureSubmission>;

export const ZStoredCosignature = z
  .object({
    witness: z.string().meta({ description: "The witness's key name." }),
    treeSize: z.number().int(),
    rootHash: ZHashHex,
    cosignature: z
      .string()
      .meta({ description: "The stored line: the first this witness gave for this size." }),
    timestamp: z.number().int().meta({ description: "The witness's time, unix seconds." }),
  })
  .meta({ id: "LogCosignature" });
export type TStoredCosignature = z.infer<typeof ZStoredCosignature>;

export const ZConsistencyQuery = z.strictObject({
  from: size("The older tree size, at least 1."),
  to: size("The newer tree size; default: the latest checkpoint's.").optional(),
});

export const ZConsistencyProof = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    proof: z.array(ZHashHex).meta({ description: "RFC 9162 §2.1.4 consistency proof, in order." }),
  })
  .meta({ id: "LogConsistencyProof" });
export type TConsistencyProof = z.infer<typeof ZConsistencyProof>;

export const ZInclusionQuery = z.strictObject({
  leafHash: ZHashHex.meta({
    description: "The leaf's hash, SHA-256(0x00 ‖ entry), as 0x + 64 hex digits.",
  }),
  treeSize: size("The tree size to prove against; default: the latest checkpoint's.").optional(),
});

export const ZInclusionProof = z
  .object({
    leafIndex: z.number().int(),
    treeSize: z.number().int(),
    proof: z
      .array(ZHashHex)
      .meta({ description: "RFC 9162 §2.1.3 inclusion proof, leaf side first." }),
  })
  .meta({ id: "LogInclusionProof" });
export type TInclusionProof = z.infer<typeof ZInclusionProof>;

export const ZTileParams = z.strictObject({
  path: z.array(z.string().max(16)).max(8).meta({
    description:
      "The tile's path (C2SP tlog-tiles), segment by segment: <L>/<N>[.p/<W>] or entries/<N>[.p/<W>].",
  }),
});

/** A tile's bytes are not JSON: the OpenAPI document describes them as octet-stream text. */
export const ZTileBytes = z.string().meta({
  description:
    "application/octet-stream: W concatenated 32-byte hashes, or W entries each prefixed by its big-endian uint16 length.",
});
