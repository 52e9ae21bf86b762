import { describe, expect, it } from "vitest";
import { type TTransitionRow, windowsOfLog } from "./tree-head-key-history";

const head = { logId: "receipts-sandbox", origin: "o/attest/sandbox", treeSize: 40, keyId: "A" };
const transition = (treeSize: number, previousKeyId: string, keyId: string): TTransitionRow => ({
  logId: head.logId,
  treeSize,
  rootHash: "0x00",
  previousKeyId,
  previousSignature: "",
  keyId,
  signature: "",
});

describe("windowsOfLog", () => {
  it("one key, never rotated: open from size 0", () => {
    expect(windowsOfLog({ head, transitions: [], activeKeyId: "A" })).toEqual([
      { keyId: "A", origin: head.origin, firstTreeSize: 0 },
    ]);
  });

  it("each transition closes a window and opens the next, a key may return", () => {
    const transitions = [
      transition(10, "A", "B"),
      transition(10, "B", "C"),
      transition(25, "C", "A"),
    ];
    expect(windowsOfLog({ head, transitions, activeKeyId: "A" })).toEqual([
      { keyId: "A", origin: head.origin, firstTreeSize: 0, lastTreeSize: 10 },
      { keyId: "B", origin: head.origin, firstTreeSize: 10, lastTreeSize: 10 },
      { keyId: "C", origin: head.origin, firstTreeSize: 10, lastTreeSize: 25 },
      { keyId: "A", origin: head.origin, firstTreeSize: 25 },
    ]);
  });

  it("a retired key not handed over yet ends at the latest head it signed", () => {
    expect(windowsOfLog({ head, transitions: [], activeKeyId: "B" })).toEqual([
      { keyId: "A", origin: head.origin, firstTreeSize: 0, lastTreeSize: 40 },
    ]);
  });
});
