import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashReceipt, receiptLogEntry, type TReceiptHashInput } from "./receipt-hash";

const input: TReceiptHashInput = {
  formatVersion: 1,
  id: "rcp-1",
  settlementId: "stl-1",
  negotiationId: "neg-1",
  amount: { value: 125000, currency: "USD" },
  parties: [
    { agentId: "agent-a", role: "initiator", amount: 125000 },
    { agentId: "agent-b", role: "responder", amount: 100000 },
    { agentId: "agent-c", role: "responder", amount: 25000 },
  ],
  adapter: "sandbox",
  externalRef: "sbx_42",
  policySnapshot: "pol-standard@v3",
  evidenceChainHead: `0x${"ab".repeat(32)}`,
  evidenceChain: ["ev-1", "ev-2", "ev-3"],
  createdAt: "2026-11-22T18:30:01.800Z",
};

describe("hashReceipt", () => {
  it("hashes exactly the canonical receipt body", () => {
    const expected =
      '{"adapter":"sandbox","amount":{"currency":"USD","value":125000},"createdAt":"2026-11-22T18:30:01.800Z",' +
      `"evidenceChain":["ev-1","ev-2","ev-3"],"evidenceChainHead":"0x${"ab".repeat(32)}","externalRef":"sbx_42",` +
      '"id":"rcp-1","negotiationId":"neg-1","parties":[{"agentId":"agent-a","amount":125000,"role":"initiator"},' +
      '{"agentId":"agent-b","amount":100000,"role":"responder"},{"agentId":"agent-c","amount":25000,"role":"responder"}],' +
      '"policySnapshot":"pol-standard@v3","settlementId":"stl-1"}';
    const { canonical, attestHash } = hashReceipt(input);
    expect(canonical).toBe(expected);
    expect(attestHash).toBe(`0x${createHash("sha256").update(expected, "utf8").digest("hex")}`);
  });

  it("hashes formatVersion from format 2 on, so a format 2 receipt cannot pass for format 1", () => {
    const v1 = hashReceipt(input);
    const v2 = hashReceipt({ ...input, formatVersion: 2 });
    expect(v1.canonical).not.toContain("formatVersion");
    // Canonical order puts it between externalRef and id.
    expect(v2.canonical).toBe(
      v1.canonical.replace('"externalRef":"sbx_42",', '"externalRef":"sbx_42","formatVersion":2,'),
    );
    expect(v2.attestHash).not.toBe(v1.attestHash);
  });

  it("ignores members outside the body (status, attest, metadata)", () => {
    const extended = { ...input, status: "valid", attestHash: "0x00", metadata: { a: 1 } };
    expect(hashReceipt(extended).attestHash).toBe(hashReceipt(input).attestHash);
  });

  it("changes with every member of the body", () => {
    const base = hashReceipt(input).attestHash;
    const variants: TReceiptHashInput[] = [
      { ...input, id: "rcp-2" },
      { ...input, settlementId: "stl-2" },
      { ...input, negotiationId: "neg-2" },
      { ...input, amount: { value: 125001, currency: "USD" } },
      { ...input, amount: { value: 125000, currency: "EUR" } },
      { ...input, parties: input.parties.map((p, i) => (i === 1 ? { ...p, amount: 100001 } : p)) },
      {
        ...input,
        parties: input.parties.map((p, i) => (i === 2 ? { ...p, agentId: "agent-x" } : p)),
      },
      {
        ...input,
        parties: input.parties.map((p, i) => (i === 1 ? { ...p, role: "initiator" } : p)),
      },
      { ...input, parties: [input.parties[0]!, input.parties[2]!, input.parties[1]!] },
      { ...input, adapter: "ledger" },
      { ...input, externalRef: "sbx_43" },
      { ...input, policySnapshot: "pol-standard@v4" },
      { ...input, evidenceChainHead: `0x${"cd".repeat(32)}` },
      { ...input, evidenceChain: ["ev-1", "ev-3", "ev-2"] },
      { ...input, evidenceChain: ["ev-1", "ev-2"] },
      { ...input, createdAt: "2026-11-22T18:30:01.801Z" },
    ];
    const hashes = variants.map((variant) => hashReceipt(variant).attestHash);
    for (const hash of hashes) expect(hash).not.toBe(base);
    expect(new Set(hashes).size).toBe(variants.length);
  });

  it("refuses an amount it could not hash exactly", () => {
    expect(() => hashReceipt({ ...input, amount: { value: 2 ** 53, currency: "USD" } })).toThrow(
      /not a safe integer/,
    );
  });

  it("logs the 32 raw bytes of the attest hash", () => {
    const { attestHash } = hashReceipt(input);
    const entry = receiptLogEntry(attestHash);
    expect(entry).toHaveLength(32);
    expect(`0x${Buffer.from(entry).toString("hex")}`).toBe(attestHash);
  });
});
