import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildEvidenceRecord,
  EVIDENCE_GENESIS_HASH,
  evidenceCanonical,
  verifyEvidenceChain,
} from "./evidence-chain";
import type { TEvidenceRecord } from "./schemas";

const at = (second: number) => `2026-11-22T18:30:${String(second).padStart(2, "0")}.000Z`;

const buildChain = (count = 3) => {
  const records: TEvidenceRecord[] = [];
  const types = ["negotiation_accepted", "settlement_executed", "payment_confirmed"];
  for (let i = 0; i < count; i++) {
    const { record } = buildEvidenceRecord({
      previous: records.at(-1) ?? null,
      id: `ev-${i}`,
      type: types[i % 3]!,
      payload: { step: i, amount: { value: 1000 + i, currency: "USD" } },
      createdAt: at(i),
    });
    records.push(record);
  }
  return records;
};

const ids = (records: TEvidenceRecord[]) => records.map((r) => r.id);

describe("evidence record hash", () => {
  it("is SHA-256 over the canonical JSON of createdAt, id, payload, previousHash, type", () => {
    const { record, canonical } = buildEvidenceRecord({
      previous: null,
      id: "ev-abc",
      type: "settlement_executed",
      payload: {
        settlementId: "stl-1",
        policyVersion: "pol-standard@v3",
        amount: { value: 1000, currency: "USD" },
      },
      createdAt: "2026-11-22T18:30:00.000Z",
    });
    const expected =
      '{"createdAt":"2026-11-22T18:30:00.000Z","id":"ev-abc","payload":{"amount":{"currency":"USD","value":1000},' +
      '"policyVersion":"pol-standard@v3","settlementId":"stl-1"},' +
      `"previousHash":"0x${"0".repeat(64)}","type":"settlement_executed"}`;
    expect(canonical).toBe(expected);
    expect(record.previousHash).toBe(EVIDENCE_GENESIS_HASH);
    expect(record.hash).toBe(`0x${createHash("sha256").update(expected, "utf8").digest("hex")}`);
  });

  it("ignores members that are not part of the hash input", () => {
    const [record] = buildChain(1);
    const withExtra = { ...record!, settlementId: "stl-x" } as TEvidenceRecord;
    expect(evidenceCanonical(withExtra)).toBe(evidenceCanonical(record!));
  });

  it("keeps the payload as hashed, unaffected by later changes to the caller's object", () => {
    const payload = { amount: { value: 5, currency: "USD" }, at: new Date(0), note: undefined };
    const { record } = buildEvidenceRecord({
      previous: null,
      id: "ev-p",
      type: "t",
      payload,
      createdAt: at(0),
    });
    payload.amount.value = 6;
    expect(record.payload).toEqual({
      amount: { value: 5, currency: "USD" },
      at: "1970-01-01T00:00:00.000Z",
    });
    expect(verifyEvidenceChain({ records: [record] }).ok).toBe(true);
  });

  it("links each record to the hash of the one before", () => {
    const records = buildChain(3);
    expect(records[1]!.previousHash).toBe(records[0]!.hash);
    expect(records[2]!.previousHash).toBe(records[1]!.hash);
  });
});

describe("verifyEvidenceChain", () => {
  it("accepts an intact chain and returns its head", () => {
    const records = buildChain(3);
    const result = verifyEvidenceChain({
      records,
      expectedIds: ids(records),
      expectedHead: records[2]!.hash,
    });
    expect(result).toEqual({
      ok: true,
      head: records[2]!.hash,
      records: records.map((r) => ({ id: r.id, type: r.type, valid: true })),
    });
  });

  it("detects an edited payload at that record", () => {
    const records = buildChain(3);
    records[1] = {
      ...records[1]!,
      payload: { ...records[1]!.payload, amount: { value: 1, currency: "USD" } },
    };
    const result = verifyEvidenceChain({ records });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ index: 1, id: "ev-1", reason: "hash_mismatch" });
    expect(result.records.map((r) => r.valid)).toEqual([true, false, true]);
  });

  it("detects an edited and re-hashed record at the next link", () => {
    const records = buildChain(3);
    const { record } = buildEvidenceRecord({
      previous: records[0]!,
      id: "ev-1",
      type: records[1]!.type,
      payload: { step: 1, amount: { value: 1, currency: "USD" } },
      createdAt: records[1]!.createdAt,
    });
    records[1] = record;
    const result = verifyEvidenceChain({ records });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ index: 2, id: "ev-2", reason: "broken_link" });
  });

  it("detects reordered records", () => {
    const records = buildChain(3);
    const reordered = [records[0]!, records[2]!, records[1]!];
    const result = verifyEvidenceChain({ records: reordered });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ index: 1, id: "ev-2", reason: "broken_link" });
  });

  it("detects a deleted first or middle record by the broken link", () => {
    const records = buildChain(3);
    const withoutFirst = verifyEvidenceChain({ records: records.slice(1) });
    expect(withoutFirst.ok).toBe(false);
    if (!withoutFirst.ok)
      expect(withoutFirst.failure).toMatchObject({ index: 0, reason: "broken_link" });

    const withoutMiddle = verifyEvidenceChain({ records: [records[0]!, records[2]!] });
    expect(withoutMiddle.ok).toBe(false);
    if (!withoutMiddle.ok) {
      expect(withoutMiddle.failure).toMatchObject({ index: 1, id: "ev-2", reason: "broken_link" });
    }
  });

  it("detects a deleted last record against the expected ids or head", () => {
    const records = buildChain(3);
    const truncated = records.slice(0, 2);
    // On its own a truncated chain is still a valid chain: the expectation is what catches it.
    expect(verifyEvidenceChain({ records: truncated }).ok).toBe(true);

    const byIds = verifyEvidenceChain({ records: truncated, expectedIds: ids(records) });
    expect(byIds.ok).toBe(false);
    if (!byIds.ok)
      expect(byIds.failure).toMatchObject({ index: 2, id: "ev-2", reason: "missing_record" });

    const byHead = verifyEvidenceChain({ records: truncated, expectedHead: records[2]!.hash });
    expect(byHead.ok).toBe(false);
    if (!byHead.ok) expect(byHead.failure).toMatchObject({ index: 1, reason: "head_mismatch" });
  });

  it("detects a record appended beyond the expected ids", () => {
    const records = buildChain(4);
    const result = verifyEvidenceChain({ records, expectedIds: ids(records).slice(0, 3) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ index: 3, id: "ev-3", reason: "extra_record" });
    expect(result.records.map((r) => r.valid)).toEqual([true, true, true, false]);
  });

  it("detects a record under an unexpected id and a repeated id", () => {
    const records = buildChain(3);
    const renamed = verifyEvidenceChain({ records, expectedIds: ["ev-0", "ev-9", "ev-2"] });
    expect(renamed.ok).toBe(false);
    if (!renamed.ok) expect(renamed.failure).toMatchObject({ index: 1, reason: "unexpected_id" });

    const { record } = buildEvidenceRecord({
      previous: records[0]!,
      id: "ev-0",
      type: "payment_confirmed",
      payload: {},
      createdAt: at(5),
    });
    const repeated = verifyEvidenceChain({ records: [records[0]!, record] });
    expect(repeated.ok).toBe(false);
    if (!repeated.ok) expect(repeated.failure).toMatchObject({ index: 1, reason: "duplicate_id" });
  });

  it("reports a payload that cannot be hashed exactly instead of throwing", () => {
    const records = buildChain(2);
    records[1] = { ...records[1]!, payload: { amount: 2 ** 60 } };
    const result = verifyEvidenceChain({ records });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toMatchObject({ index: 1, reason: "not_canonical" });
  });

  it("refuses to build a record whose payload would be rounded", () => {
    expect(() =>
      buildEvidenceRecord({
        previous: null,
        id: "ev-x",
        type: "t",
        payload: { v: 0.1 },
        createdAt: at(0),
      }),
    ).toThrow(/not a safe integer/);
  });

  it("rejects an empty chain", () => {
    const result = verifyEvidenceChain({ records: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure.reason).toBe("empty_chain");
  });
});
