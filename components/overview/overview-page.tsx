"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TOverview } from "../console/api";
import { PageHeader } from "../ui/page-header";
import { ErrorState } from "../ui/states";
import ui from "../ui/ui.module.css";
import { FailingWebhooks } from "./failing-webhooks";
import { GettingStarted } from "./getting-started";
import styles from "./overview.module.css";
import { periodDays, periodLabel, type TPeriodDays } from "./period";
import { RecentActivity } from "./recent-activity";
import { SettlementSummary } from "./settlement-summary";

/** "Is everything all right?": money settled, refusals, failing endpoints, latest activity. */
export function OverviewPage({
  environment,
  organizationName,
}: {
  environment: TEnvironment;
  organizationName: string;
}) {
  const [origin, setOrigin] = useState("");
  const [days, setDays] = useState<TPeriodDays>(7);
  useEffect(() => setOrigin(window.location.origin), []);
  const overview = useQuery({
    queryKey: queryKeys.overview(environment),
    queryFn: () => consoleFetch<TOverview>(`/api/console/overview?environment=${environment}`),
  });
  const progress = overview.data?.gettingStarted;
  return (
    <>
      <PageHeader
        title={organizationName}
        description={`Your ${environment} workspace at a glance.`}
        actions={
          <label className={styles.toolbar}>
            <span className={ui.muted}>Period</span>
            <select
              className={ui.input}
              value={days}
              onChange={(event) => setDays(Number(event.target.value) as TPeriodDays)}
            >
              {periodDays.map((option) => (
                <option key={option} value={option}>
                  {periodLabel(option)}
                </option>
              ))}
            </select>
          </label>
        }
      />
      {progress?.steps.some((step) => !step.done) ? (
        <GettingStarted environment={environment} origin={origin} progress={progress} />
      ) : null}
      <SettlementSummary environment={environment} days={days} />
      {overview.error ? (
        <div className={ui.card}>
          <ErrorState error={overview.error} onRetry={() => overview.refetch()} />
        </div>
      ) : overview.data ? (
        <div className={styles.panels}>
          <FailingWebhooks environment={environment} failing={overview.data.failingWebhooks} />
        </div>
      ) : null}
      <RecentActivity environment={environment} events={overview.data?.recentEvents} />
    </>
  );
}
