/** The periods the overview offers, in whole UTC days, so every figure on it covers the same days. */
export const periodDays = [1, 7, 30, 90] as const;
export type TPeriodDays = (typeof periodDays)[number];

const DAY_MS = 86_400_000;

/** Midnight UTC of the first day of the last `days` UTC days, today included. */
export function periodStart(days: TPeriodDays, now = new Date()): string {
  const today = Date.parse(now.toISOString().slice(0, 10));
  return new Date(today - (days - 1) * DAY_MS).toISOString();
}

export const periodLabel = (days: TPeriodDays) =>
  days === 1 ? "Today (UTC)" : `Last ${days} days (UTC)`;
