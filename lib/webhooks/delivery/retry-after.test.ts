import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

const now = new Date("2026-11-22T18:30:00.000Z");

describe("parseRetryAfter", () => {
  it.each([
    ["120", 120_000],
    [" 0 ", 0],
    ["Sun, 22 Nov 2026 18:31:30 GMT", 90_000],
    ["Sunday, 22-Nov-26 18:31:00 GMT", 60_000],
    ["Sun, 22 Nov 2026 18:00:00 GMT", 0],
  ])("%s → %d ms", (value, expected) => {
    expect(parseRetryAfter({ value, now })).toBe(expected);
  });

  it.each([undefined, "", "-5", "1.5", "soon", "2026-11-22T18:31:00Z", "99999999999999999999"])(
    "%s → undefined",
    (value) => {
      expect(parseRetryAfter({ value, now })).toBeUndefined();
    },
  );
});
