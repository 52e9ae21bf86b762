export {
  agentHashOf,
  agentKeyEntryText,
  readAgentKeyEntry,
  textLogEntry,
} from "./agent-key-entry";
export {
  agentKeyAlgorithms,
  algorithmOf,
  importAgentPublicKey,
  jwkThumbprint,
  privateJwkMembers,
  publicMembersOf,
  type TAgentKeyAlgorithm,
  type TAgentPublicJwk,
  ZAgentPublicJwk,
  ZEd25519PublicJwk,
  ZP256PublicJwk,
} from "./agent-public-key";
export { checkAgreementOf } from "./agreement-check";
export { readCompactJws, verifyAgreementJws } from "./agreement-jws";
export {
  finalTermsSigners,
  missingSignersOf,
  requiredSignaturesText,
} from "./agreement-signers";
export { CanonicalJsonError, canonicalJson } from "./canonical";
export { checkReceiptFacts } from "./check-receipt-facts";
export {
  ed25519Thumbprint,
  findTreeHeadKey,
  formatCheckpoint,
  formatNoteVerifierKey,
  formatSignedNote,
  noteKeyId,
  noteSignatureLine,
  parseCheckpoint,
  type TEd25519PublicJwk,
  type TTreeHeadBody,
  type TTreeHeadVerification,
  verifyTreeHead,
  verifyTreeHeadWithKey,
} from "./checkpoint";
export { generateTreeHeadKeyPair, signTreeHead } from "./checkpoint-sign";
export {
  parseCosignatureLine,
  parseWitnessVkey,
  type TWitnessKey,
  verifyCosignature,
  verifyCosignatureQuorum,
  witnessOf,
} from "./cosignature";
export { cosignCheckpoint, witnessVkeyOf } from "./cosignature-sign";
export {
  buildEvidenceRecord,
  EVIDENCE_GENESIS_HASH,
  evidenceCanonical,
  hashEvidence,
  type TEvidenceChainResult,
  type TEvidenceContent,
  type TEvidenceFailureReason,
  type TEvidenceRecordCheck,
  verifyEvidenceChain,
} from "./evidence-chain";
export {
  fromHashHex,
  HASH_HEX_PATTERN,
  isHashHex,
  sha256,
  sha256Hex,
  toHashHex,
  ZERO_HASH_HEX,
} from "./hash";
export { jsonDiff, type TDiffEntry } from "./json-diff";
export { checkTreeHeadKeyWindow, keyWindowCovers } from "./key-window-check";
export {
  hashMandate,
  MANDATE_RECORD_TYPE,
  mandateViolationCodes,
  mandateViolations,
  normalizeMandateTerms,
  type TMandateCheckedPayload,
  type TMandateTerms,
  type TMandateViolation,
  ZMandateCheckedPayload,
  ZMandateTerms,
} from "./mandate";
export { checkMandateEvidence, evaluateMandateEvidence } from "./mandate-evidence";
export {
  checkMandateSignature,
  mandateStatementText,
  type TMandateSignature,
  verifyMandateSignature,
  ZMandateSignature,
} from "./mandate-signature";
export {
  EMPTY_TREE_HASH,
  hashChildren,
  hashLeaf,
  inclusionProofRootHex,
  rootFromInclusionProof,
  type THashValue,
  verifyConsistency,
  verifyInclusion,
} from "./merkle";
export {
  appendLeaf,
  appendLeaves,
  consistencyProof,
  inclusionProof,
  MerkleStoreError,
  type TNodeKey,
  type TNodeStore,
  type TStoredNode,
  treeRoot,
} from "./merkle-log";
export { createMemoryNodeStore } from "./merkle-memory-store";
export {
  agreementPayloadText,
  NEGOTIATION_STEP_TYPE,
  negotiationStepActions,
  readTranscript,
  signatureRequirements,
  type TAgreementStatement,
  type TNegotiationStepAction,
  type TNegotiationStepPayload,
  type TSignatureRequirement,
  type TStepCredential,
  type TStepSignature,
  type TStepTerms,
  ZNegotiationStepPayload,
} from "./negotiation-transcript";
export { checkPolicySnapshot } from "./policy-check";
export {
  evaluatePolicy,
  knownPolicyVersions,
  type TPolicyDecision,
  type TPolicyInputs,
  ZPolicyInputs,
} from "./policy-engine";
export {
  formatPolicyVersionId,
  isPolicyVersionId,
  POLICY_VERSION_PATTERN,
  parsePolicyVersionId,
  type TPolicyVersion,
} from "./policy-version";
export { toReceiptBundle } from "./receipt-bundle";
export { hashReceipt, receiptBody, receiptLogEntry, type TReceiptHashInput } from "./receipt-hash";
export {
  REPLAY_ENGINE_VERSION,
  replaySettlement,
  type TRecordedReceipt,
  type TReplayOutcome,
  type TReplayResult,
} from "./replay";
export * from "./schemas";
export {
  buildSettlementEvidence,
  type TSettlementFacts,
  ZNegotiationAcceptedPayload,
  ZPaymentConfirmedPayload,
  ZSettlementExecutedPayload,
} from "./settlement-evidence";
export { computeParties, type TSplit } from "./settlement-parties";
export {
  formatTilePath,
  nodesAtTileLevel,
  parseTilePath,
  TILE_HEIGHT,
  TILE_WIDTH,
  type TTilePath,
  tileExists,
} from "./tile-path";
export { createTreeHeadVerifier, type TTreeHeadVerifier } from "./tree-head-cache";
export { check } from "./verify-check";
export {
  bundleLabel,
  type TReceiptBundleVerification,
  type TVerifyCheck,
  type TVerifyCheckName,
  verificationReport,
  verifyReceiptBundle,
} from "./verify-receipt";
export { parseWitnessPolicy, type TWitnessPolicy } from "./witness-check";
