import {
  agentHashOf,
  readAgentKeyEntry,
  type TAgentKeyEntry,
  textLogEntry,
} from "./agent-key-entry";
import { canonicalJson } from "./canonical";
import { hashLeaf, inclusionProofRootHex } from "./merkle";
import type { TReceiptTranscript } from "./negotiation-transcript";
import type { TInclusionProof, TKeyProof, TTreeHead } from "./schemas";
import { check, type TVerifyCheck } from "./verify-check";

type TLoggedKey = TAgentKeyEntry & { leafIndex: number };

/** The entries the proofs show in the log under the tree head, or the first problem. */
const readKeyProofs = ({
  keyProofs,
  treeHead,
}: {
  keyProofs: readonly TKeyProof[];
  treeHead: TTreeHead;
}): TLoggedKey[] | string => {
  const logged: TLoggedKey[] = [];
  for (const [index, proof] of keyProofs.entries()) {
    const entry = readAgentKeyEntry(proof.entry);
    if (!entry) return `keyProofs[${index}] is not an agent key entry`;
    const root = inclusionProofRootHex({
      leafHash: hashLeaf(textLogEntry(proof.entry)),
      leafIndex: proof.leafIndex,
      treeSize: treeHead.treeSize,
      proof: proof.hashes,
    });
    if (root !== treeHead.rootHash)
      return `keyProofs[${index}] (leaf ${proof.leafIndex}) does not lead to the signed root hash`;
    logged.push({ ...entry, leafIndex: proof.leafIndex });
  }
  return logged;
};

/**
 * The `signing_keys` check of a format 3 receipt (null for earlier formats): every agent
 * signature in the transcript is by a key whose `add` entry for that agent, with that key id and
 * public key, is in the log under the bundle's tree head, at a leaf before the receipt's, and
 * dated no later than the step it signed; and no `revoke` entry of that key the bundle carries
 * (logged at any leaf) predates the step. So the operator cannot present a key that the agent's
 * owner could not have seen in the log.
 */
export const checkSigningKeysOf = ({
  attest,
  transcript: steps,
}: {
  attest: {
    formatVersion?: number | undefined;
    keyProofs?: readonly TKeyProof[] | undefined;
    inclusionProof: TInclusionProof;
    treeHead: TTreeHead;
  };
  /** What receiptTranscript read from the receipt's evidence. */
  transcript: TReceiptTranscript;
}): TVerifyCheck | null => {
  if ((attest.formatVersion ?? 1) < 3 || steps === null) return null;
  if (typeof steps === "string") return check("signing_keys", false, steps);
  const logged = readKeyProofs({ ...attest, keyProofs: attest.keyProofs ?? [] });
  if (typeof logged === "string") return check("signing_keys", false, logged);
  const keys = new Set<string>();
  for (const { id, payload } of steps) {
    const signature = payload.signature;
    if (!signature) continue;
    const agentHash = agentHashOf(payload.agentId);
    const jwk = canonicalJson(signature.publicJwk);
    const sameKey = (entry: TLoggedKey) =>
      entry.agentHash === agentHash && entry.keyId === signature.keyId;
    const added = logged.find(
      (entry) =>
        entry.action === "add" &&
        sameKey(entry) &&
        canonicalJson(entry.publicJwk) === jwk &&
        entry.at <= payload.at &&
        entry.leafIndex < attest.inclusionProof.leafIndex,
    );
    if (!added) {
      return check(
        "signing_keys",
        false,
        `record ${id}: key ${signature.keyId} of ${payload.agentId} is not in the log as added before it signed and before the receipt`,
      );
    }
    const revoked = logged.find(
      (entry) => entry.action === "revoke" && sameKey(entry) && entry.at <= payload.at,
    );
    if (revoked) {
      return check(
        "signing_keys",
        false,
        `record ${id}: key ${signature.keyId} of ${payload.agentId} was revoked at ${revoked.at}, before it signed at ${payload.at}`,
      );
    }
    keys.add(`${payload.agentId} ${signature.keyId}`);
  }
  return check(
    "signing_keys",
    true,
    keys.size === 0
      ? "no agent signed"
      : `${keys.size} signing key${keys.size === 1 ? "" : "s"} logged before signing: ${[...keys].join(", ")}`,
  );
};
