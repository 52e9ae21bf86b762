import { describe, expect, it } from "vitest";
import { parseConfig, setConfigVariables } from "@/config";
import {
  maxDeliveryAttempts,
  nextRetry,
  retryDelaysMs,
  retryScale,
  shouldDisableEndpoint,
} from "./schedule";

const s = 1000;
const min = 60 * s;
const h = 60 * min;
const day = 24 * h;

describe("nextRetry", () => {
  it("follows the contract: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then no more", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => nextRetry({ attempt, scale: 1 }));
    expect(delays).toEqual(
      [5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h].map((delayMs) => ({
        retry: true,
        delayMs,
      })),
    );
    expect(nextRetry({ attempt: 8, scale: 1 })).toEqual({ retry: false });
    expect(maxDeliveryAttempts).toBe(8);
    expect(retryDelaysMs).toHaveLength(7);
  });

  it("scales every wait", () => {
    expect(nextRetry({ attempt: 1, scale: 0.001 })).toEqual({ retry: true, delayMs: 5 });
    expect(nextRetry({ attempt: 7, scale: 0.001 })).toEqual({ retry: true, delayMs: 36_000 });
  });

  it("honours a later Retry-After, capped at 10 h, and ignores an earlier one", () => {
    expect(nextRetry({ attempt: 1, retryAfterMs: 120 * s, scale: 1 })).toEqual({
      retry: true,
      delayMs: 120 * s,
    });
    expect(nextRetry({ attempt: 2, retryAfterMs: 120 * s, scale: 1 })).toEqual({
      retry: true,
      delayMs: 5 * min,
    });
    expect(nextRetry({ attempt: 1, retryAfterMs: 7 * day, scale: 1 })).toEqual({
      retry: true,
      delayMs: 10 * h,
    });
    expect(nextRetry({ attempt: 1, retryAfterMs: -5, scale: 1 })).toEqual({
      retry: true,
      delayMs: 5 * s,
    });
    expect(nextRetry({ attempt: 1, retryAfterMs: 120 * s, scale: 0.001 })).toEqual({
      retry: true,
      delayMs: 120,
    });
    expect(nextRetry({ attempt: 8, retryAfterMs: 1 * s, scale: 1 })).toEqual({ retry: false });
  });

  it("refuses a nonsensical attempt number", () => {
    expect(() => nextRetry({ attempt: 0 })).toThrow(RangeError);
    expect(() => nextRetry({ attempt: 1.5 })).toThrow(RangeError);
  });

  it("takes its scale from WEBHOOK_RETRY_SCALE by default", () => {
    const previous = process.env.WEBHOOK_RETRY_SCALE;
    try {
      setConfigVariables({ WEBHOOK_RETRY_SCALE: "0.01" });
      expect(nextRetry({ attempt: 2 })).toEqual({ retry: true, delayMs: 3 * s });
    } finally {
      setConfigVariables({ WEBHOOK_RETRY_SCALE: previous });
    }
  });
});

describe("retryScale", () => {
  it("defaults to 1 and refuses values that are not a factor in (0, 1]", () => {
    const scale = (value?: string) => retryScale(parseConfig({ WEBHOOK_RETRY_SCALE: value }));
    expect(scale()).toBe(1);
    expect(scale("0.001")).toBe(0.001);
    expect(() => scale("0")).toThrow(/greater than 0/);
    expect(() => scale("fast")).toThrow(/WEBHOOK_RETRY_SCALE/);
    expect(() => scale("2")).toThrow(/at most 1/);
  });
});

describe("shouldDisableEndpoint", () => {
  const now = new Date("2026-11-22T18:30:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("disables after 5 days of failures with no success in between", () => {
    expect(shouldDisableEndpoint({ failingSince: ago(5 * day), now, scale: 1 })).toBe(true);
    expect(shouldDisableEndpoint({ failingSince: ago(6 * day), now, scale: 1 })).toBe(true);
    expect(shouldDisableEndpoint({ failingSince: ago(5 * day - 1), now, scale: 1 })).toBe(false);
    expect(shouldDisableEndpoint({ failingSince: null, now, scale: 1 })).toBe(false);
  });

  it("scales the window like the retry schedule", () => {
    expect(shouldDisableEndpoint({ failingSince: ago(432 * s), now, scale: 0.001 })).toBe(true);
    expect(shouldDisableEndpoint({ failingSince: ago(431 * s), now, scale: 0.001 })).toBe(false);
  });
});
