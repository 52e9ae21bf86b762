import { describe, expect, test } from "vitest";
import { toJobFunctions } from "@/lib/jobs/function-config";
import { cronMatches, cronTicks, parseCron } from "./cron-expression";

const schedule = (expression: string) => {
  const parsed = parseCron(expression);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
};

describe("cron expressions", () => {
  test("lists, ranges and steps in every field, in UTC", () => {
    const every15 = schedule("*/15 * * * *");
    expect(cronMatches(every15, new Date("2026-01-01T10:30:00Z"))).toBe(true);
    expect(cronMatches(every15, new Date("2026-01-01T10:31:00Z"))).toBe(false);
    const weekdayMornings = schedule("TZ=UTC 0 6-8/2 * * 1-5");
    expect(cronMatches(weekdayMornings, new Date("2026-11-24T06:00:00Z"))).toBe(true); // Tuesday
    expect(cronMatches(weekdayMornings, new Date("2026-11-24T07:00:00Z"))).toBe(false);
    expect(cronMatches(weekdayMornings, new Date("2026-11-22T06:00:00Z"))).toBe(false); // Sunday
    // Day of month and day of week both restricted: either one is enough, as in cron.
    const firstOrSunday = schedule("0 0 1 * 0,7");
    expect(cronMatches(firstOrSunday, new Date("2026-11-22T00:00:00Z"))).toBe(true);
    expect(cronMatches(firstOrSunday, new Date("2026-12-01T00:00:00Z"))).toBe(true);
    expect(cronMatches(firstOrSunday, new Date("2026-12-02T00:00:00Z"))).toBe(false);
  });

  test("ticks in a window are the matching minute starts after its beginning", () => {
    const ticks = cronTicks(
      schedule("*/5 * * * *"),
      new Date("2026-01-01T10:00:00Z"),
      new Date("2026-01-01T10:12:30Z"),
    );
    expect(ticks.map((tick) => tick.toISOString())).toEqual([
      "2026-01-01T10:05:00.000Z",
      "2026-01-01T10:10:00.000Z",
    ]);
  });

  test("what the runner cannot honour is a reason, not a schedule", () => {
    expect(parseCron("TZ=Europe/Paris 0 * * * *")).toMatch(/UTC/);
    expect(parseCron("0 * * *")).toMatch(/five fields/);
    expect(parseCron("61 * * * *")).toMatch(/field "61"/);
    expect(parseCron("@daily")).toMatch(/five fields/);
  });

  test("a synced function's cron triggers become its schedule", () => {
    const [fn] = toJobFunctions([
      { id: "app-retain", triggers: [{ cron: "*/15 * * * *" }], steps: { step: {} } },
    ]);
    expect(fn?.events).toEqual([]);
    expect(fn?.crons.map((cron) => cron.expression)).toEqual(["*/15 * * * *"]);
  });
});
