import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalJsonError, canonicalJson } from "./canonical";

/** Any UTF-16 code unit, so that lone surrogates and pairs both come up. */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
});
const anyString = fc.oneof(codeUnits, fc.string({ unit: "binary" }));
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.maxSafeInteger(),
    anyString,
    fc.array(tie("json")),
    fc.dictionary(anyString, tie("json")),
  ),
}));

/** The text, or that it was refused. */
const outcome = (serialize: (value: unknown) => string | undefined, value: unknown) => {
  try {
    return serialize(value);
  } catch {
    return "refused";
  }
};

describe("canonicalJson", () => {
  it("agrees with the RFC's reference implementation (the canonicalize package)", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(outcome(canonicalJson, value)).toBe(outcome(canonicalize, value));
      }),
      { numRuns: 2000 },
    );
  });

  it("sorts keys by UTF-16 code units (RFC 8785 §3.2.3)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const order = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"] as const;
    // (Not via JSON.parse: a JS object would list the integer-like key "1" first.)
    const members = order.map((key) => `${JSON.stringify(key)}:${JSON.stringify(input[key])}`);
    expect(canonicalJson(input)).toBe(`{${members.join(",")}}`);
  });

  it("escapes strings as RFC 8785 requires and drops whitespace", () => {
    const input = { literals: [null, true, false], string: '€$\u000f\nA\'B"\\\\"/' };
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts nested objects and keeps array order", () => {
    expect(canonicalJson({ b: [3, 1, { z: 1, a: 2 }], a: { d: 0, c: -7 } })).toBe(
      '{"a":{"c":-7,"d":0},"b":[3,1,{"a":2,"z":1}]}',
    );
  });

  it("keeps safe integers exact, up to 2^53 - 1", () => {
    expect(canonicalJson({ v: Number.MAX_SAFE_INTEGER })).toBe('{"v":9007199254740991}');
    expect(canonicalJson({ v: -Number.MAX_SAFE_INTEGER })).toBe('{"v":-9007199254740991}');
    expect(canonicalJson({ v: 1e15 })).toBe('{"v":1000000000000000}');
  });

  it.each([
    ["2^53", { amount: 2 ** 53 }, "$.amount"],
    ["a fraction", { amount: { value: 10.5 } }, "$.amount.value"],
    ["NaN", [1, Number.NaN], "$[1]"],
    ["Infinity", { x: Number.POSITIVE_INFINITY }, "$.x"],
    ["a bigint", { x: 10n }, "$.x"],
    ["a function", { f: () => 1 }, "$.f"],
    ["a symbol", { s: Symbol("s") }, "$.s"],
    ["undefined in an array", { a: [1, undefined] }, "$.a[1]"],
    ["a Map", { m: new Map([["a", 1]]) }, "$.m"],
    ["top-level undefined", undefined, "$"],
  ])("refuses %s", (_, value, path) => {
    let caught: unknown;
    try {
      canonicalJson(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CanonicalJsonError);
    expect((caught as CanonicalJsonError).path).toBe(path);
  });

  it("refuses lone surrogates and cycles", () => {
    expect(() => canonicalJson({ s: "\ud800" })).toThrow(CanonicalJsonError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(CanonicalJsonError);
    const selfJson = { toJSON: () => selfJson };
    expect(() => canonicalJson(selfJson)).toThrow(CanonicalJsonError);
  });

  it("treats undefined properties as absent and uses toJSON", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ at: new Date(Date.UTC(2026, 10, 22, 18, 30)) })).toBe(
      '{"at":"2026-11-22T18:30:00.000Z"}',
    );
  });
});
