import { expect, test } from "vitest";
import { MAX_WAIT_SECONDS, preferredWaitSeconds } from "./prefer-wait";

test("Prefer: wait=N is read among other preferences and capped", () => {
  expect(preferredWaitSeconds("wait=10")).toBe(10);
  expect(preferredWaitSeconds("respond-async, wait=5")).toBe(5);
  expect(preferredWaitSeconds('Wait="7"')).toBe(7);
  expect(preferredWaitSeconds("wait=0")).toBe(0);
  expect(preferredWaitSeconds("wait=3600")).toBe(MAX_WAIT_SECONDS);
  for (const header of [
    null,
    "",
    "respond-async",
    "wait=soon",
    "wait=-1",
    "wait=1.5",
    "waiting=3",
  ]) {
    expect(preferredWaitSeconds(header), String(header)).toBeUndefined();
  }
});
