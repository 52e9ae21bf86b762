"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TUsage, type UsageDay } from "../console/api";
import { formatMoney } from "../console/money";
import { plural } from "../console/plural";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { ErrorState } from "../ui/states";
import ui from "../ui/ui.module.css";
import { BarChart } from "./bar-chart";
import { PlanLimits } from "./plan-limits";
import styles from "./usage.module.css";

const ranges = [7, 14, 30, 90] as const;

/** The currency with the most settled volume in the range, so the chart has one unit. */
function mainCurrency(days: UsageDay[]): string | null {
  const counts = new Map<string, number>();
  for (const day of days)
    for (const entry of day.volume)
      counts.set(entry.currency, (counts.get(entry.currency) ?? 0) + entry.count);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function UsagePage({ environment }: { environment: TEnvironment }) {
  const [days, setDays] = useState<number>(14);
  const usage = useQuery({
    queryKey: queryKeys.usage(environment, days),
    queryFn: () =>
      consoleFetch<TUsage>(`/api/console/usage?environment=${environment}&days=${days}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const data = usage.data?.data;
  const currency = data ? mainCurrency(data) : null;
  const volumeOf = (day: UsageDay) =>
    day.volume.find((entry) => entry.currency === currency)?.value ?? 0;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const money = (value: number) =>
    currency ? formatMoney({ value: Math.round(value), currency }) : "0";
  return (
    <>
      <PageHeader
        title="Usage"
        description="API requests authenticated with your keys and agent tokens, those the rate limiter refused, and settled volume (reversals excluded), per UTC day."
        actions={
          <fieldset className={styles.range} aria-label="Range">
            {ranges.map((range) => (
              <Button
                key={range}
                size="small"
                variant={range === days ? "primary" : "secondary"}
                aria-pressed={range === days}
                onClick={() => setDays(range)}
              >
                {plural(range, "day")}
              </Button>
            ))}
          </fieldset>
        }
      />
      {usage.error ? (
        <div className={ui.card}>
          <ErrorState error={usage.error} onRetry={() => usage.refetch()} />
        </div>
      ) : !data ? (
        <div className={ui.card} aria-busy>
          <div className={ui.skeleton} style={{ height: 220, margin: 20 }} />
        </div>
      ) : (
        <>
          {usage.data ? <PlanLimits plan={usage.data.plan} today={data.at(-1)!} /> : null}
          <div className={styles.totals}>
            <div className={`${ui.card} ${styles.total}`} data-testid="total-requests">
              <div className={ui.muted}>Requests</div>
              <div className={styles.totalValue}>
                {sum(data.map((day) => day.requests)).toLocaleString()}
              </div>
            </div>
            <div className={`${ui.card} ${styles.total}`} data-testid="total-rate-limited">
              <div className={ui.muted}>Rate-limited</div>
              <div className={styles.totalValue}>
                {sum(data.map((day) => day.rateLimited)).toLocaleString()}
              </div>
            </div>
            <div className={`${ui.card} ${styles.total}`} data-testid="total-volume">
              <div className={ui.muted}>Settled{currency ? ` (${currency})` : ""}</div>
              <div className={styles.totalValue}>{money(sum(data.map(volumeOf)))}</div>
            </div>
          </div>
          <div className={styles.charts}>
            <div className={ui.card}>
              <BarChart
                title="API requests"
                days={data.map((day) => day.day)}
                series={[
                  { label: "Served", color: "#635bff", values: data.map((day) => day.requests) },
                  {
                    label: "Rate-limited",
                    color: "#e5484d",
                    values: data.map((day) => day.rateLimited),
                  },
                ]}
              />
            </div>
            <div className={ui.card}>
              <BarChart
                title={`Settlement volume${currency ? ` (${currency})` : ""}`}
                days={data.map((day) => day.day)}
                series={[{ label: "Settled", color: "#0a7d45", values: data.map(volumeOf) }]}
                format={money}
              />
            </div>
          </div>
          <p className={ui.muted}>
            Request counts reach this page within a few seconds; the console's own requests are not
            counted.
          </p>
        </>
      )}
    </>
  );
}
