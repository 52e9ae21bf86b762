"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TSettlementStats, type TUsage } from "../console/api";
import { formatMoney } from "../console/money";
import { plural } from "../console/plural";
import ui from "../ui/ui.module.css";
import styles from "./overview.module.css";
import { periodStart, type TPeriodDays } from "./period";

function Stat({
  label,
  href,
  children,
  detail,
}: {
  label: string;
  href: string;
  children: React.ReactNode;
  detail?: React.ReactNode;
}) {
  return (
    <Link href={href} className={`${ui.card} ${styles.stat}`} data-testid={`stat-${label}`}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid="stat-value">
        {children}
      </span>
      {detail ? <span className={ui.muted}>{detail}</span> : null}
    </Link>
  );
}

/**
 * Settled volume and success rate from the settlement stats (GET /v1/settlements/stats), and
 * requests refused by the rate limiter from the usage tally, over the same UTC days.
 */
export function SettlementSummary({
  environment,
  days,
}: {
  environment: TEnvironment;
  days: TPeriodDays;
}) {
  const from = periodStart(days);
  const stats = useQuery({
    queryKey: queryKeys.settlementStats(environment, from),
    queryFn: () =>
      consoleFetch<TSettlementStats>(
        `/api/console/settlements/stats?environment=${environment}&from=${encodeURIComponent(from)}`,
      ),
  });
  const usage = useQuery({
    queryKey: queryKeys.usage(environment, days),
    queryFn: () =>
      consoleFetch<TUsage>(`/api/console/usage?environment=${environment}&days=${days}`),
  });
  const base = `/console/${environment}`;
  const pending = (
    <span className={ui.skeleton} style={{ width: 120, height: 28, display: "block" }} />
  );
  const failed = "–";
  const volume = stats.data?.executedVolume ?? [];
  const refused = usage.data?.data.reduce((sum, day) => sum + day.rateLimited, 0);
  // The tally counts a request once: as served (`requests`) or as refused (`rateLimited`).
  const requests = usage.data?.data.reduce((sum, day) => sum + day.requests, 0);
  return (
    <div className={styles.stats}>
      <Stat
        label="Settled volume"
        href={`${base}/settlements`}
        detail={
          stats.data
            ? `${plural(
                volume.reduce((sum, row) => sum + row.count, 0),
                "settlement",
              )}; reversed and disputed ones excluded`
            : undefined
        }
      >
        {stats.error
          ? failed
          : !stats.data
            ? pending
            : volume.length === 0
              ? "0"
              : volume.map((row) => <div key={row.currency}>{formatMoney(row)}</div>)}
      </Stat>
      <Stat
        label="Success rate"
        href={`${base}/settlements`}
        detail={
          stats.data
            ? stats.data.successRate === null
              ? "No settlement has finished yet"
              : `${plural(stats.data.counts.failed, "failed settlement")} of ${plural(stats.data.total, "settlement")} created`
            : undefined
        }
      >
        {stats.error
          ? failed
          : !stats.data
            ? pending
            : stats.data.successRate === null
              ? "—"
              : `${stats.data.successRate}%`}
      </Stat>
      <Stat
        label="Rate-limited requests"
        href={`${base}/usage`}
        detail={
          requests === undefined || refused === undefined
            ? undefined
            : `of ${plural(requests + refused, "API request")}`
        }
      >
        {usage.error ? failed : refused === undefined ? pending : refused.toLocaleString("en-US")}
      </Stat>
    </div>
  );
}
