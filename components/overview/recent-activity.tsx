"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import {
  consoleFetch,
  queryKeys,
  type TNegotiation,
  type TOverview,
  type TPage,
  type TSettlement,
} from "../console/api";
import { formatMoney } from "../console/money";
import { NegotiationStatus, SettlementStatus } from "../payments/status-badges";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./overview.module.css";

const latest = 5;

/** The console page of an event's object: "settlement.executed" is about a settlement. */
const objectPages: Record<string, string> = {
  agent: "agents",
  negotiation: "negotiations",
  settlement: "settlements",
  receipt: "receipts",
};

function useLatest<T>(environment: TEnvironment, resource: "settlements" | "negotiations") {
  return useQuery({
    queryKey: [...queryKeys[resource](environment), { limit: latest }],
    queryFn: () =>
      consoleFetch<TPage<T>>(`/api/console/${resource}?environment=${environment}&limit=${latest}`),
  });
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={`${ui.card} ${styles.panel}`} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** The latest settlements, negotiations and events, each linked to its page. */
export function RecentActivity({
  environment,
  events,
}: {
  environment: TEnvironment;
  events: TOverview["recentEvents"] | undefined;
}) {
  const settlements = useLatest<TSettlement>(environment, "settlements");
  const negotiations = useLatest<TNegotiation>(environment, "negotiations");
  const base = `/console/${environment}`;
  return (
    <div className={styles.panels}>
      <Panel title="Latest settlements">
        {settlements.data?.data.length === 0 ? <p className={ui.muted}>None yet.</p> : null}
        <ul className={styles.activity}>
          {settlements.data?.data.map((settlement) => (
            <li key={settlement.id}>
              <Link href={`${base}/settlements/${settlement.id}`}>
                {formatMoney(settlement.amount)} <SettlementStatus status={settlement.status} />
              </Link>
              <Time value={settlement.createdAt} />
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Latest negotiations">
        {negotiations.data?.data.length === 0 ? <p className={ui.muted}>None yet.</p> : null}
        <ul className={styles.activity}>
          {negotiations.data?.data.map((negotiation) => (
            <li key={negotiation.id}>
              <Link href={`${base}/negotiations/${negotiation.id}`}>
                {formatMoney(negotiation.terms.amount)}{" "}
                <NegotiationStatus status={negotiation.status} />
              </Link>
              <Time value={negotiation.createdAt} />
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Latest events">
        {events?.length === 0 ? <p className={ui.muted}>None in the last 30 days.</p> : null}
        <ul className={styles.activity}>
          {events?.map((event) => {
            const objectId = (event.data.object as { id?: string }).id;
            const page = objectPages[event.type.split(".")[0]!];
            return (
              <li key={event.id} data-testid="recent-event">
                <span>
                  <code>{event.type}</code>{" "}
                  {objectId && page ? (
                    <Link href={`${base}/${page}/${objectId}`} className={ui.mono}>
                      {objectId}
                    </Link>
                  ) : null}
                </span>
                <Time value={event.createdAt} />
              </li>
            );
          })}
        </ul>
        <p>
          <Link href={`${base}/events`}>All events</Link>
        </p>
      </Panel>
    </div>
  );
}
