import { describe, expect, it } from "vitest";
import { checkPolicySnapshot } from "./policy-check";
import { formatPolicyVersionId, isPolicyVersionId, parsePolicyVersionId } from "./policy-version";

describe("policy version ids", () => {
  it("formats, recognizes and parses pol-<name>@v<n>", () => {
    expect(formatPolicyVersionId({ policy: "standard", version: 3 })).toBe("pol-standard@v3");
    expect(parsePolicyVersionId("pol-high-value@v12")).toEqual({
      policy: "high-value",
      version: 12,
    });
    for (const bad of [
      "pol-standard",
      "pol-Standard@v1",
      "pol-standard@v0",
      "pol-standard@v01",
      "standard@v1",
      "pol--x@v1",
      `pol-${"a".repeat(65)}@v1`,
    ]) {
      expect(isPolicyVersionId(bad)).toBe(false);
      expect(parsePolicyVersionId(bad)).toBeNull();
    }
    expect(() => formatPolicyVersionId({ policy: "Bad Name", version: 1 })).toThrow();
  });
});

describe("checkPolicySnapshot", () => {
  const evidence = [
    { id: "ev-1", payload: { negotiationId: "neg-1" } },
    { id: "ev-2", payload: { policyVersion: "pol-standard@v3" } },
  ];

  it("accepts a snapshot the evidence agrees with", () => {
    expect(checkPolicySnapshot({ policySnapshot: "pol-standard@v3", evidence })).toEqual({
      ok: true,
    });
  });

  it("rejects a snapshot the evidence disagrees with", () => {
    const result = checkPolicySnapshot({ policySnapshot: "pol-standard@v4", evidence });
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/ev-2 records policy "pol-standard@v3"/);
  });

  it("rejects a malformed snapshot, and evidence that names no policy", () => {
    expect(checkPolicySnapshot({ policySnapshot: "standard-3", evidence }).ok).toBe(false);
    const silent = [{ id: "ev-1", payload: {} }];
    expect(checkPolicySnapshot({ policySnapshot: "pol-standard@v3", evidence: silent })).toEqual({
      ok: false,
      detail: "no evidence record names a policy version",
    });
  });

  it("rejects evidence records that name different versions", () => {
    const mixed = [...evidence, { id: "ev-3", payload: { policyVersion: "pol-standard@v2" } }];
    expect(checkPolicySnapshot({ policySnapshot: "pol-standard@v3", evidence: mixed }).ok).toBe(
      false,
    );
  });
});
