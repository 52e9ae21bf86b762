import { describe, expect, test } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("ids", () => {
  test("a type prefix and 16 base62 characters, never repeated", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("agent"));
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^agent-[0-9A-Za-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("every base62 character is about equally likely, across refills of the random pool", () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2_000 }, () => randomBase62(62)).join("");
    for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = text.length / 62;
    // Chi-square with 61 degrees of freedom: 120 is far beyond any honest sample's value.
    const chiSquare = [...counts.values()].reduce(
      (sum, n) => sum + (n - expected) ** 2 / expected,
      0,
    );
    expect(chiSquare).toBeLessThan(120);
  });
});
