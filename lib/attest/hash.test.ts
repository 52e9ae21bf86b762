import { describe, expect, it } from "vitest";
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
