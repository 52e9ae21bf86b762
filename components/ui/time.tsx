"use client";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
// The browser's locale and time zone, with the zone named: "28 Nov 2026, 14:05:09 CET".
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long" });

// Each unit is used up to a little below the next one, so that 59.9 minutes reads "1 hour".
const units: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ["second", 1, 45],
  ["minute", 60, 45 * 60],
  ["hour", 3600, 22 * 3600],
  ["day", 86_400, 26 * 86_400],
  ["month", 2_629_800, 320 * 86_400],
  ["year", 31_557_600, Number.POSITIVE_INFINITY],
];

export function formatRelative(date: Date, now = Date.now()): string {
  const seconds = (date.getTime() - now) / 1000;
  const [unit, size] = units.find(([, , below]) => Math.abs(seconds) < below)!;
  return relative.format(Math.round(seconds / size), unit);
}

export const formatAbsolute = (date: Date) => absolute.format(date);

/** "3 minutes ago", with the exact time in the reader's zone (and in UTC) on hover. */
export function Time({ value, never = "Never" }: { value: string | null; never?: string }) {
  if (!value) return <span style={{ color: "var(--text-faint)" }}>{never}</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={`${formatAbsolute(date)} (${date.toISOString()})`}>
      {formatRelative(date)}
    </time>
  );
}
