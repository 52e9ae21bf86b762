import { describe, expect, test } from "vitest";
import { ApiError } from "./api-error";
import { assertStorableText, storableCopy, storableId } from "./storable-text";

const paramOf = (value: unknown, root?: string) => {
  try {
    assertStorableText(value, root);
    return "storable";
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).param;
  }
};

describe("assertStorableText", () => {
  test("accepts ordinary text, emoji (surrogate pairs) and non-strings", () => {
    expect(paramOf({ name: "Zoë 👋", n: 1, list: ["a", null, true] }, "body")).toBe("storable");
  });
  test("names the first field holding NUL or an unpaired surrogate", () => {
    expect(paramOf({ name: "a\u0000b" }, "body")).toBe("name");
    expect(paramOf({ terms: { description: "x\ud800" } }, "body")).toBe("terms.description");
    expect(paramOf({ list: ["ok", "\udc00x"] }, "body")).toBe("list.1");
    expect(paramOf({ metadata: { "k\u0000": "v" } }, "body")).toBe("metadata.k\u0000");
    expect(paramOf("\u0000", "body")).toBe("body");
    expect(paramOf({ id: "agent-\u0000" })).toBe("id");
  });
});

describe("storableId", () => {
  test("takes a string of 1 to 64 storable characters, nothing else", () => {
    expect(storableId("akey-7Hc2pQ9xLm4vB1sD")).toBe("akey-7Hc2pQ9xLm4vB1sD");
    expect(storableId("k".repeat(64))).toBe("k".repeat(64));
    for (const refused of ["", "k".repeat(65), "akey-\u0000", "akey-\uD800", 42, null, undefined]) {
      expect(storableId(refused)).toBeUndefined();
    }
  });
});

describe("storableCopy", () => {
  test("writes NUL and unpaired surrogates, in keys and values, as escape text; keeps the rest", () => {
    const copy = storableCopy({
      error: { param: "metadata.k\u0000", list: ["x\ud800", "👋", 1, null], "\udc00": true },
    });
    expect(copy).toEqual({
      error: { param: "metadata.k\\u0000", list: ["x\\ud800", "👋", 1, null], "\\udc00": true },
    });
    expect(paramOf(copy, "body")).toBe("storable");
  });
});
