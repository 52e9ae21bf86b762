/**
 * Cron expressions as Inngest reads them: five fields (minute, hour, day of month, month, day of
 * week) with `*`, lists, ranges and steps, optionally prefixed by `TZ=UTC`. The embedded runner
 * schedules in UTC only, so another time zone is refused rather than silently shifted.
 */
export type TCronSchedule = { expression: string; fields: Set<number>[] };

const bounds: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** The schedule of `expression`, or a sentence saying why it cannot be honoured. */
export function parseCron(expression: string): TCronSchedule | string {
  const trimmed = expression.trim().replace(/^(CRON_)?TZ=(UTC|Etc\/UTC)\s+/, "");
  if (/^(CRON_)?TZ=/.test(trimmed)) return "only UTC schedules (TZ=UTC or none)";
  const parts = trimmed.split(/\s+/);
  if (parts.length !== 5) return "five fields (minute hour day-of-month month day-of-week)";
  const fields: Set<number>[] = [];
  for (const [index, part] of parts.entries()) {
    const [min, max] = bounds[index] as [number, number];
    const values = parseField(part, min, max);
    if (!values) return `field "${part}" (numbers, *, lists, ranges and steps only)`;
    fields.push(values);
  }
  const weekdays = fields[4] as Set<number>;
  if (weekdays.delete(7)) weekdays.add(0);
  return { expression, fields };
}

function parseField(part: string, min: number, max: number): Set<number> | undefined {
  const values = new Set<number>();
  for (const item of part.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) return undefined;
    const [, all, from, to, step] = match;
    const start = all === "*" ? min : Number(from);
    const end = all === "*" ? max : to !== undefined ? Number(to) : step ? max : start;
    const stride = step === undefined ? 1 : Number(step);
    if (start < min || end > max || start > end || stride < 1) return undefined;
    for (let value = start; value <= end; value += stride) values.add(value);
  }
  return values;
}

/** Whether the schedule fires at the UTC minute holding `at`. */
export function cronMatches(schedule: TCronSchedule, at: Date): boolean {
  const [minutes, hours, days, months, weekdays] = schedule.fields as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (!minutes.has(at.getUTCMinutes()) || !hours.has(at.getUTCHours())) return false;
  if (!months.has(at.getUTCMonth() + 1)) return false;
  // As in cron: when both day fields are restricted, either one matching is enough.
  const anyDay = days.size === 31;
  const anyWeekday = weekdays.size === 7;
  const day = days.has(at.getUTCDate());
  const weekday = weekdays.has(at.getUTCDay());
  if (anyDay || anyWeekday) return day && weekday;
  return day || weekday;
}

/** The ticks of the schedule in (after, until], each the start of its UTC minute. */
export function cronTicks(schedule: TCronSchedule, after: Date, until: Date): Date[] {
  const ticks: Date[] = [];
  const minute = 60_000;
  for (
    let t = Math.floor(after.getTime() / minute + 1) * minute;
    t <= until.getTime();
    t += minute
  ) {
    const at = new Date(t);
    if (cronMatches(schedule, at)) ticks.push(at);
  }
  return ticks;
}
