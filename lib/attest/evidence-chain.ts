import { CanonicalJsonError, canonicalJson } from "./canonical";
import { sha256Hex, ZERO_HASH_HEX } from "./hash";
import type { TEvidenceRecord } from "./schemas";

/** previousHash of the first record of every settlement's chain. */
export const EVIDENCE_GENESIS_HASH = ZERO_HASH_HEX;

export type TEvidenceContent = Omit<TEvidenceRecord, "hash">;

/*
 * The hash input of a record is the RFC 8785 canonical JSON of exactly these five members
 * (keys sort to createdAt, id, payload, previousHash, type):
 *   {"createdAt":…,"id":…,"payload":{…},"previousHash":…,"type":…}
 * and its hash is `0x` + hex(SHA-256(UTF-8 bytes of that text)). Picking the members (rather
 * than hashing the record minus `hash`) keeps stray fields out of the hash.
 */
export const evidenceCanonical = ({
  id,
  type,
  payload,
  previousHash,
  createdAt,
}: TEvidenceContent): string => canonicalJson({ createdAt, id, payload, previousHash, type });

export const hashEvidence = (content: TEvidenceContent) => {
  const canonical = evidenceCanonical(content);
  return { canonical, hash: sha256Hex(canonical) };
};

/**
 * The record that follows `previous` (or the first one when `previous` is null). `canonical` is
 * the exact text that was hashed; store it beside the record.
 */
export const buildEvidenceRecord = ({
  previous,
  id,
  type,
  payload,
  createdAt,
}: {
  previous: Pick<TEvidenceRecord, "hash"> | null;
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}): { record: TEvidenceRecord; canonical: string } => {
  const previousHash = previous ? previous.hash : EVIDENCE_GENESIS_HASH;
  const { canonical, hash } = hashEvidence({ id, type, payload, previousHash, createdAt });
  // The record carries the payload as hashed (a fresh copy, Dates as strings, undefined dropped),
  // so later changes to the caller's object cannot make the record disagree with its hash.
  const hashed = JSON.parse(canonical) as TEvidenceContent;
  return {
    record: { id, type, payload: hashed.payload, previousHash, hash, createdAt },
    canonical,
  };
};

export type TEvidenceFailureReason =
  | "empty_chain"
  | "not_canonical"
  | "hash_mismatch"
  | "broken_link"
  | "duplicate_id"
  | "unexpected_id"
  | "missing_record"
  | "extra_record"
  | "head_mismatch";

export type TEvidenceRecordCheck = { id: string; type: string; valid: boolean };

export type TEvidenceChainResult =
  | { ok: true; head: string; records: TEvidenceRecordCheck[] }
  | {
      ok: false;
      failure: { index: number; id: string | null; reason: TEvidenceFailureReason; detail: string };
      records: TEvidenceRecordCheck[];
    };

type TFailure = Extract<TEvidenceChainResult, { ok: false }>["failure"];

const checkRecord = ({
  record,
  index,
  previousHash,
  expectedId,
  seenIds,
}: {
  record: TEvidenceRecord;
  index: number;
  previousHash: string;
  expectedId: string | null | undefined;
  seenIds: Set<string>;
}): TFailure | null => {
  const fail = (reason: TEvidenceFailureReason, detail: string): TFailure => ({
    index,
    id: record.id,
    reason,
    detail,
  });
  let computed: string;
  try {
    computed = hashEvidence(record).hash;
  } catch (error) {
    if (!(error instanceof CanonicalJsonError)) throw error;
    return fail("not_canonical", `record ${record.id}: ${error.message}`);
  }
  if (computed !== record.hash) {
    return fail("hash_mismatch", `record ${record.id} does not hash to its recorded hash`);
  }
  if (record.previousHash !== previousHash) {
    const expected = index === 0 ? "the genesis hash" : "the hash of the record before it";
    return fail(
      "broken_link",
      `record ${record.id} at position ${index} does not link to ${expected}`,
    );
  }
  if (seenIds.has(record.id)) return fail("duplicate_id", `record id ${record.id} appears twice`);
  if (expectedId === null) {
    return fail(
      "extra_record",
      `record ${record.id} (position ${index}) is not in the attested chain`,
    );
  }
  if (expectedId !== undefined && expectedId !== record.id) {
    return fail("unexpected_id", `position ${index} holds ${record.id}, expected ${expectedId}`);
  }
  return null;
};

/**
 * Checks a settlement's evidence records in order: each record's hash, each link, and (when
 * given) the expected ids and head. Reports the first failing record; `records` tells for every
 * record whether it is valid in place (own hash, link and expected id all hold).
 */
export const verifyEvidenceChain = ({
  records,
  expectedIds,
  expectedHead,
}: {
  records: readonly TEvidenceRecord[];
  expectedIds?: readonly string[];
  expectedHead?: string;
}): TEvidenceChainResult => {
  const checks: TEvidenceRecordCheck[] = [];
  const seenIds = new Set<string>();
  let failure: TFailure | null = null;
  let previousHash = EVIDENCE_GENESIS_HASH;

  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    const recordFailure = checkRecord({
      record,
      index,
      previousHash,
      // null: ids are expected and this position is past their end.
      expectedId: expectedIds ? (expectedIds[index] ?? null) : undefined,
      seenIds,
    });
    checks.push({ id: record.id, type: record.type, valid: recordFailure === null });
    failure ??= recordFailure;
    seenIds.add(record.id);
    previousHash = record.hash;
  }

  if (failure) return { ok: false, failure, records: checks };
  if (records.length === 0) {
    const detail = "a settlement's evidence chain has at least one record";
    const failure = { index: 0, id: null, reason: "empty_chain" as const, detail };
    return { ok: false, failure, records: checks };
  }
  if (expectedIds && expectedIds.length > records.length) {
    const index = records.length;
    const id = expectedIds[index]!;
    const detail = `record ${id} (position ${index}) is missing`;
    return { ok: false, failure: { index, id, reason: "missing_record", detail }, records: checks };
  }
  if (expectedHead !== undefined && expectedHead !== previousHash) {
    const index = records.length - 1;
    const detail = `chain head ${previousHash} is not the expected ${expectedHead}`;
    const failure = { index, id: records[index]!.id, reason: "head_mismatch" as const, detail };
    return { ok: false, failure, records: checks };
  }
  return { ok: true, head: previousHash, records: checks };
};
