import { describe, expect, test } from "vitest";
import { parseConfig } from "@/config";
import { parseCancelExpression, parseEventPath, valueAt } from "./expressions";
import { toJobFunctions, UnsupportedFunctionOptions } from "./function-config";
import { backgroundWorkHere, resolveJobsMode } from "./jobs-mode";
import { canonicalJson } from "./signing";
import { retryAfterMs, sleepMs } from "./timing";

describe("expressions", () => {
  test("event paths and cancel equalities in either order, joined by &&", () => {
    expect(parseEventPath("event.data.settlementId")).toEqual(["data", "settlementId"]);
    expect(parseEventPath("event.data")).toBeUndefined();
    expect(parseEventPath("event.data.id + 1")).toBeUndefined();
    expect(parseCancelExpression("async.data.id == event.data.settlementId")).toEqual([
      { runEventPath: ["data", "settlementId"], incomingPath: ["data", "id"] },
    ]);
    expect(
      parseCancelExpression("event.data.a == async.data.b && async.data.c == event.data.d"),
    ).toHaveLength(2);
    expect(parseCancelExpression("event.data.a == event.data.b")).toBeUndefined();
    expect(parseCancelExpression("async.data.a != event.data.a")).toBeUndefined();
    expect(valueAt({ data: { a: { b: 3 } } }, ["data", "a", "b"])).toBe(3);
    expect(valueAt({ data: 1 }, ["data", "a"])).toBeUndefined();
  });
});

describe("function configuration", () => {
  const step = { step: {} };

  test("every unsupported option is refused at once, naming the function", () => {
    const configs = [
      {
        id: "app-a",
        triggers: [{ cron: "TZ=Europe/Paris * * * * *" }],
        steps: step,
        throttle: { limit: 1, period: "1s" },
      },
      { id: "app-b", triggers: [{ event: "x/y.z", expression: "event.data.ok" }], steps: step },
      {
        id: "app-c",
        triggers: [{ event: "x/y.z" }],
        steps: step,
        concurrency: { limit: 2, key: "event.data.k" },
      },
      {
        id: "app-d",
        triggers: [{ event: "x/y.z" }],
        steps: step,
        cancel: [{ event: "x/y.cancel", if: "true" }],
      },
    ];
    expect(() => toJobFunctions(configs)).toThrow(UnsupportedFunctionOptions);
    expect(() => toJobFunctions(configs)).toThrow(
      /app-a: option "throttle"[\s\S]*app-a: cron trigger[\s\S]*app-b: trigger condition[\s\S]*app-c: concurrency[\s\S]*app-d: cancelOn/,
    );
  });

  test("debounce is read with its period, timeout and key; another key expression is refused", () => {
    const [fn] = toJobFunctions([
      {
        id: "app-a",
        triggers: [{ event: "x/y.z" }],
        steps: step,
        debounce: { period: "1s", timeout: "2m", key: "event.data.account" },
      },
    ]);
    expect(fn?.debounce).toEqual({ periodMs: 1_000, timeoutMs: 120_000, key: ["data", "account"] });
    expect(() =>
      toJobFunctions([
        {
          id: "app-b",
          triggers: [{ event: "x/y.z" }],
          steps: step,
          debounce: { period: "1s", key: "event.user" },
        },
      ]),
    ).toThrow(/debounce key "event.user"/);
  });

  test("batchEvents is read with its size, timeout and key; per-event options beside it are refused", () => {
    const [fn] = toJobFunctions([
      {
        id: "app-a",
        triggers: [{ event: "x/y.z" }],
        steps: step,
        batchEvents: { maxSize: 20, timeout: "1s", key: "event.data.account" },
      },
    ]);
    expect(fn?.batch).toEqual({ maxSize: 20, timeoutMs: 1_000, key: ["data", "account"] });
    expect(() =>
      toJobFunctions([
        {
          id: "app-b",
          triggers: [{ event: "x/y.z" }],
          steps: step,
          batchEvents: { maxSize: 0, timeout: "1s", if: "event.data.ok" },
          idempotency: "event.data.id",
          cancel: [{ event: "x/y.cancel", if: "async.data.id == event.data.id" }],
        },
      ]),
    ).toThrow(
      /app-b: batchEvents if "event.data.ok"[\s\S]*maxSize 0[\s\S]*cancelOn together with batchEvents[\s\S]*idempotency together with batchEvents/,
    );
  });

  test("retries default to Inngest's 3", () => {
    const [fn] = toJobFunctions([{ id: "app-a", triggers: [{ event: "x/y.z" }], steps: step }]);
    expect(fn?.maxAttempts).toBe(4);
  });
});

describe("timing", () => {
  test("sleep durations as the SDK writes them, and sleepUntil timestamps", () => {
    expect(sleepMs("1d2h30s")).toBe(86_400_000 + 7_200_000 + 30_000);
    expect(sleepMs("1w")).toBe(604_800_000);
    expect(sleepMs("0.05s")).toBe(50);
    expect(sleepMs("2026-01-01T00:00:10.000Z", Date.parse("2026-01-01T00:00:00.000Z"))).toBe(
      10_000,
    );
    expect(() => sleepMs("soon")).toThrow(/Unreadable/);
    expect(retryAfterMs("7")).toBe(7_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe("mode", () => {
  test("Inngest with both keys or INNGEST_DEV, embedded with none, refused with one", () => {
    const mode = (env: Record<string, string>) => resolveJobsMode(parseConfig(env)).kind;
    expect(mode({ INNGEST_EVENT_KEY: "e", INNGEST_SIGNING_KEY: "s" })).toBe("inngest");
    expect(mode({ INNGEST_DEV: "1" })).toBe("inngest");
    expect(mode({})).toBe("embedded");
    expect(() => mode({ INNGEST_EVENT_KEY: "e" })).toThrow(/INNGEST_SIGNING_KEY: set both/);
  });

  test("BACKGROUND_WORK: on unless off; off refused on the embedded database; nothing else", () => {
    const here = (env: Record<string, string>) => backgroundWorkHere(parseConfig(env));
    expect(here({})).toBe(true);
    expect(here({ BACKGROUND_WORK: "on" })).toBe(true);
    expect(here({ BACKGROUND_WORK: "off", DATABASE_URL: "postgres://db/ass" })).toBe(false);
    expect(() => here({ BACKGROUND_WORK: "off" })).toThrow(/needs DATABASE_URL/);
    expect(() => here({ BACKGROUND_WORK: "false" })).toThrow(/"on" or "off"/);
  });
});

test("canonical JSON sorts keys and drops undefined like the SDK's canonicalize", () => {
  expect(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: "é" }] })).toBe(
    '{"a":[null,{"c":"é"}],"b":1}',
  );
});
