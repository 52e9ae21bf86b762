import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { fromHashHex, isHashHex, sha256, sha256Hex, toHashHex, ZERO_HASH_HEX } from "./hash";

describe("hash helpers", () => {
  it("computes SHA-256 (FIPS 180-2 'abc' vector) as 0x-prefixed lowercase hex", () => {
    expect(sha256Hex("abc")).toBe(
      "0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(toHashHex(sha256(Buffer.from("abc")))).toBe(sha256Hex("abc"));
  });

  it("hashes strings as UTF-8", () => {
    expect(sha256Hex("€")).toBe(sha256Hex(Buffer.from([0xe2, 0x82, 0xac])));
  });

  it("round-trips hex and refuses other spellings", () => {
    const value = sha256Hex("x");
    expect(toHashHex(fromHashHex(value))).toBe(value);
    expect(isHashHex(ZERO_HASH_HEX)).toBe(true);
    expect(() => fromHashHex(value.slice(2))).toThrow();
    expect(() => fromHashHex(value.toUpperCase().replace("0X", "0x"))).toThrow();
    expect(() => fromHashHex(`${value}00`)).toThrow();
  });
});

describe("where no native SHA-256 is lent (browsers)", () => {
  it("the portable SHA-256 gives the same digests", async () => {
    vi.resetModules();
    vi.stubGlobal("process", { ...process, getBuiltinModule: undefined });
    try {
      const portable = await import("./hash");
      for (const input of ["", "abc", "€", "x".repeat(1000)]) {
        const expected = `0x${createHash("sha256").update(input, "utf8").digest("hex")}`;
        expect(portable.sha256Hex(input)).toBe(expected);
        expect(Buffer.isBuffer(portable.sha256(input))).toBe(false);
      }
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
