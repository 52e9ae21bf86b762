import { sql } from "drizzle-orm";
import { config } from "@/config";
import { db } from "@/db/client";
import { usageDays } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { log } from "@/lib/observability/logger";

export type TUsageKey = `${string}|${TEnvironment}|${string}`;
export type TUsageCounts = { requests: number; rateLimited: number };

// Counts since the last flush, per organization|environment|UTC day; one map per process.
const holder = globalThis as unknown as {
  __assUsage?: { counts: Map<TUsageKey, TUsageCounts>; timer: NodeJS.Timeout | null };
};
holder.__assUsage ??= { counts: new Map(), timer: null };
const state = holder.__assUsage;

const flushEveryMs = () => config().USAGE_FLUSH_MS;

/** Takes the counts gathered so far, leaving an empty tally behind. */
function takeUsageTally(): Map<TUsageKey, TUsageCounts> {
  const taken = state.counts;
  state.counts = new Map();
  return taken;
}

/** Puts counts back after a failed write, so the next flush carries them. */
function restoreUsageTally(taken: Map<TUsageKey, TUsageCounts>) {
  for (const [key, counts] of taken) {
    const current = state.counts.get(key) ?? { requests: 0, rateLimited: 0 };
    current.requests += counts.requests;
    current.rateLimited += counts.rateLimited;
    state.counts.set(key, current);
  }
}

let day = { text: "", endsAt: 0 };

/** Today's UTC date (YYYY-MM-DD), formatted once a day rather than once a request. */
function utcDay(): string {
  const now = Date.now();
  if (now >= day.endsAt || now < day.endsAt - 86_400_000) {
    const text = new Date(now).toISOString().slice(0, 10);
    day = { text, endsAt: Date.parse(text) + 86_400_000 };
  }
  return day.text;
}

/**
 * Counts one authenticated API request in memory: a request costs a map update, and the counts
 * reach the database in one statement every few seconds (a crash loses at most that much).
 */
export function countRequest({
  organizationId,
  environment,
  rateLimited,
}: {
  organizationId: string;
  environment: TEnvironment;
  rateLimited: boolean;
}) {
  const key: TUsageKey = `${organizationId}|${environment}|${utcDay()}`;
  const counts = state.counts.get(key) ?? { requests: 0, rateLimited: 0 };
  if (rateLimited) counts.rateLimited += 1;
  else counts.requests += 1;
  state.counts.set(key, counts);
  if (!state.timer) {
    state.timer = setTimeout(() => {
      state.timer = null;
      flushUsage().catch((error) => log.error({ err: error }, "usage: could not record counts"));
    }, flushEveryMs());
    state.timer.unref();
  }
}

/** Adds the tallied counts to usage_days in one upsert; a failed write puts them back. */
export async function flushUsage(): Promise<void> {
  const tally = takeUsageTally();
  if (tally.size === 0) return;
  const rows = [...tally].map(([key, counts]) => {
    const [organizationId, environment, day] = key.split("|") as [string, TEnvironment, string];
    return { organizationId, environment, day, ...counts };
  });
  try {
    await db
      .insert(usageDays)
      .values(rows)
      .onConflictDoUpdate({
        target: [usageDays.organizationId, usageDays.environment, usageDays.day],
        set: {
          requests: sql`${usageDays.requests} + excluded.requests`,
          rateLimited: sql`${usageDays.rateLimited} + excluded.rate_limited`,
        },
      });
  } catch (error) {
    restoreUsageTally(tally);
    throw error;
  }
}
