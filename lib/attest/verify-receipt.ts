import { checkAgreementOf } from "./agreement-check";
import { checkReceiptFacts } from "./check-receipt-facts";
import { checkTreeHeadKeyWindow } from "./key-window-check";
import { checkMandateSignature } from "./mandate-signature";
import { hashLeaf, inclusionProofRootHex } from "./merkle";
import { receiptLogEntry } from "./receipt-hash";
import { type TJwks, type TReceiptBundle, ZJwks, ZReceiptBundle } from "./schemas";
import { checkSigningKeysOf } from "./signing-keys-check";
import { createTreeHeadVerifier, type TTreeHeadVerifier } from "./tree-head-cache";
import { check, type TVerifyCheck } from "./verify-check";
import { checkWitnessCosignatures, type TWitnessPolicy } from "./witness-check";

export type { TVerifyCheck, TVerifyCheckName } from "./verify-check";
export type { TWitnessPolicy } from "./witness-check";

export type TReceiptBundleVerification = {
  status: "valid" | "invalid";
  checks: TVerifyCheck[];
  /** attestHash recomputed from the bundle, null when the bundle could not be read. */
  attestHash: string | null;
  /** Per evidence record: does it hash correctly and sit where the receipt says it does. */
  evidence: { id: string; type: string; valid: boolean }[];
};

const defaultTreeHeads = createTreeHeadVerifier();

// Callers pass the same JWKS object for many receipts; parse it once per object.
const parsedJwksCache = new WeakMap<object, ReturnType<typeof ZJwks.safeParse>>();

const parseJwks = (jwks: unknown) => {
  if (typeof jwks !== "object" || jwks === null) return ZJwks.safeParse(jwks);
  const cached = parsedJwksCache.get(jwks);
  if (cached) return cached;
  const parsed = ZJwks.safeParse(jwks);
  parsedJwksCache.set(jwks, parsed);
  return parsed;
};

const checkInclusion = (bundle: TReceiptBundle): TVerifyCheck => {
  const { inclusionProof: proof, treeHead, hash } = bundle.attest;
  if (proof.treeSize !== treeHead.treeSize) {
    return check(
      "inclusion",
      false,
      `proof is for a tree of ${proof.treeSize} leaves, the signed tree head has ${treeHead.treeSize}`,
    );
  }
  const root = inclusionProofRootHex({
    leafHash: hashLeaf(receiptLogEntry(hash)),
    leafIndex: proof.leafIndex,
    treeSize: proof.treeSize,
    proof: proof.hashes,
  });
  if (!root) {
    return check(
      "inclusion",
      false,
      `a proof of ${proof.hashes.length} hashes cannot place leaf ${proof.leafIndex} in a tree of ${proof.treeSize}`,
    );
  }
  if (root !== treeHead.rootHash) {
    return check("inclusion", false, "inclusion proof does not lead to the signed root hash");
  }
  return check("inclusion", true);
};

const checkTreeHead = async ({
  bundle,
  jwks,
  treeHeads,
  expectedOrigin,
}: {
  bundle: TReceiptBundle;
  jwks: TJwks;
  treeHeads: TTreeHeadVerifier;
  expectedOrigin: string | undefined;
}): Promise<TVerifyCheck> => {
  const { treeHead } = bundle.attest;
  if (expectedOrigin !== undefined && treeHead.origin !== expectedOrigin) {
    return check(
      "tree_head_signature",
      false,
      `tree head is for log ${treeHead.origin}, not ${expectedOrigin}`,
    );
  }
  const verdict = await treeHeads.verify({ treeHead, jwks });
  return verdict.ok
    ? check("tree_head_signature", true)
    : check("tree_head_signature", false, verdict.detail);
};

/**
 * Verifies a self-contained receipt bundle offline (no database, no network, no Node-only
 * API): the evidence hash chain, the attest hash, the terms (amount and parties derived from the
 * accepted terms in the evidence), the policy (snapshot, mandate, and the recorded decision
 * replayed), the agreement (formats 2 and 3), the logged signing keys (format 3), the mandate's
 * signature (when the payer had a mandate), the receipt's inclusion in the Merkle log, and the
 * log's signed tree head against the given JWKS, by a key whose window takes that log and size; and, given a witness policy, the tree
 * head's witness cosignatures. Valid only when every check passes.
 */
export const verifyReceiptBundle = async ({
  bundle: input,
  jwks: jwksInput,
  treeHeads = defaultTreeHeads,
  expectedOrigin,
  witnesses,
}: {
  bundle: unknown;
  jwks: unknown;
  treeHeads?: TTreeHeadVerifier;
  /** When set, the tree head must be for this log. */
  expectedOrigin?: string;
  /** When set, the tree head must carry cosignatures from a quorum of these witnesses. */
  witnesses?: TWitnessPolicy;
}): Promise<TReceiptBundleVerification> => {
  const parsed = ZReceiptBundle.safeParse(input);
  const parsedJwks = parseJwks(jwksInput);
  if (!parsed.success || !parsedJwks.success) {
    const issue = parsed.success ? parsedJwks.error?.issues[0] : parsed.error.issues[0];
    const where = parsed.success ? "jwks" : "bundle";
    const detail = `${where}${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message}`;
    return {
      status: "invalid",
      checks: [check("schema", false, detail)],
      attestHash: null,
      evidence: [],
    };
  }
  const bundle = parsed.data;
  const jwks = parsedJwks.data;
  const facts = checkReceiptFacts({ receipt: bundle, evidence: bundle.attest.evidence });
  const checks: TVerifyCheck[] = [check("schema", true), ...facts.checks];
  const { transcript } = facts;
  const agreement = await checkAgreementOf({
    negotiationId: bundle.negotiationId,
    evidence: bundle.attest.evidence,
    transcript,
  });
  if (agreement) checks.push(agreement);
  const signingKeys = checkSigningKeysOf({ attest: bundle.attest, transcript });
  if (signingKeys) checks.push(signingKeys);
  const mandateSignature = await checkMandateSignature(bundle.attest.evidence);
  if (mandateSignature) checks.push(mandateSignature);
  checks.push(checkInclusion(bundle));
  checks.push(await checkTreeHead({ bundle, jwks, treeHeads, expectedOrigin }));
  checks.push(checkTreeHeadKeyWindow({ treeHead: bundle.attest.treeHead, jwks }));
  if (witnesses) {
    checks.push(
      await checkWitnessCosignatures({ treeHead: bundle.attest.treeHead, policy: witnesses }),
    );
  }

  return {
    status: checks.every((c) => c.ok) ? "valid" : "invalid",
    checks,
    attestHash: facts.attestHash,
    evidence: facts.evidence,
  };
};

/** The verification as a person reads it: a line per check, then the verdict on `receipt`. */
export const verificationReport = (
  result: TReceiptBundleVerification,
  receipt: string,
): string[] => [
  ...result.checks.map(
    (check) =>
      `${check.ok ? "ok  " : "FAIL"}  ${check.name}${check.detail ? `: ${check.detail}` : ""}`,
  ),
  `receipt ${receipt} is ${result.status}`,
];

/** The id a bundle names, for reports; `fallback` when it has none (unreadable input). */
export const bundleLabel = (bundle: unknown, fallback: string): string => {
  const id = (bundle as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : fallback;
};
