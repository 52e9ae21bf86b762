import { canonicalJson } from "./canonical";
import { fromHashHex, sha256Hex } from "./hash";
import type { TAmount, TParty, TReceiptFormatVersion } from "./schemas";

export type TReceiptHashInput = {
  formatVersion: TReceiptFormatVersion;
  id: string;
  settlementId: string;
  negotiationId: string;
  amount: TAmount;
  parties: readonly TParty[];
  adapter: string;
  externalRef: string;
  /** Policy version id, `pol-<name>@v<n>` (the receipt's `attest.proof.policySnapshot`). */
  policySnapshot: string;
  /** `hash` of the last evidence record. */
  evidenceChainHead: string;
  /** Evidence record ids in chain order (the receipt's `attest.proof.evidenceChain`). */
  evidenceChain: readonly string[];
  createdAt: string;
};

/*
 * The receipt body is exactly these members, rebuilt member by member so that nothing else on
 * the input can slip into the hash. Parties keep their order in the receipt. Format 1 bodies
 * have no `formatVersion` member; later formats hash theirs, so a receipt cannot pass for an
 * older format with fewer checks.
 */
export const receiptBody = (input: TReceiptHashInput) => ({
  ...(input.formatVersion === 1 ? {} : { formatVersion: input.formatVersion }),
  id: input.id,
  settlementId: input.settlementId,
  negotiationId: input.negotiationId,
  amount: { value: input.amount.value, currency: input.amount.currency },
  parties: input.parties.map((party) => ({
    agentId: party.agentId,
    role: party.role,
    amount: party.amount,
  })),
  adapter: input.adapter,
  externalRef: input.externalRef,
  policySnapshot: input.policySnapshot,
  evidenceChainHead: input.evidenceChainHead,
  evidenceChain: [...input.evidenceChain],
  createdAt: input.createdAt,
});

/**
 * attestHash = `0x` + hex(SHA-256(UTF-8 bytes of the RFC 8785 canonical JSON of the receipt
 * body)). `canonical` is that exact text: store it, since re-serializing jsonb proves nothing.
 */
export const hashReceipt = (
  input: TReceiptHashInput,
): { canonical: string; attestHash: string } => {
  const canonical = canonicalJson(receiptBody(input));
  return { canonical, attestHash: sha256Hex(canonical) };
};

/** The entry a receipt appends to the Merkle log: the 32 raw bytes of its attestHash. */
export const receiptLogEntry = (attestHash: string): Uint8Array => fromHashHex(attestHash);
