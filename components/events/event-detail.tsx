"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TEventDelivery, type TEventDetail } from "../console/api";
import { DetailFrame } from "../console/detail-frame";
import { DetailList, DetailRow } from "../console/detail-list";
import { useDetail } from "../console/use-detail";
import { Badge, type TBadgeTone } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./events.module.css";
import { objectIdOf } from "./events-page";
import { PrettyJson } from "./pretty-json";
import { ResendEvent } from "./resend-event";

const tones: Record<TEventDelivery["status"], TBadgeTone> = {
  pending: "accent",
  delivered: "success",
  failed: "danger",
  cancelled: "neutral",
};

/** One event: its envelope, its payload as webhooks receive it, and where it was delivered. */
export function EventDetail({
  environment,
  eventId,
}: {
  environment: TEnvironment;
  eventId: string;
}) {
  const detail = useDetail<TEventDetail>(
    "events",
    environment,
    eventId,
    queryKeys.event(environment, eventId),
    { refetchInterval: 5_000 },
  );
  const listHref = `/console/${environment}/events`;
  const data = detail.data;
  const objectId = data ? objectIdOf(data.event) : null;
  return (
    <DetailFrame
      kind="Event"
      id={eventId}
      listHref={listHref}
      listLabel="Events"
      error={detail.error}
      onRetry={() => detail.refetch()}
    >
      <PageHeader
        back={<Link href={listHref}>← Events</Link>}
        title={data ? data.event.type : "Event"}
      />
      <div className={ui.card}>
        <DetailList busy={detail.isPending}>
          <DetailRow label="ID">
            <code>{eventId}</code> <CopyButton value={eventId} />
          </DetailRow>
          {data ? (
            <>
              <DetailRow label="Object">
                {objectId ? (
                  <Link href={`${listHref}?objectId=${encodeURIComponent(objectId)}`}>
                    <code>{objectId}</code> (all its events)
                  </Link>
                ) : (
                  "—"
                )}
              </DetailRow>
              <DetailRow label="Sequence">{data.event.sequence}</DetailRow>
              <DetailRow label="Created">
                <Time value={data.event.createdAt} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <h2 className={styles.section}>Payload</h2>
      {data ? <PrettyJson value={data.event} label="Event payload" /> : null}
      <h2 className={styles.section}>Webhook deliveries</h2>
      {data ? (
        <ResendEvent environment={environment} eventId={eventId} eventType={data.event.type} />
      ) : null}
      <div className={ui.card}>
        {data && data.deliveries.length === 0 ? (
          <EmptyState title="Not delivered to any endpoint">
            No webhook endpoint of this environment subscribed to {data.event.type} when it
            happened.
          </EmptyState>
        ) : (
          <table className={ui.table} aria-label="Deliveries" aria-busy={detail.isFetching}>
            <thead>
              <tr>
                <th>Endpoint</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>Response</th>
                <th>Last attempt</th>
              </tr>
            </thead>
            <tbody>
              {data?.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="event-delivery" data-status={delivery.status}>
                  <td>
                    <Link
                      href={`/console/${environment}/webhooks/${delivery.webhookId}`}
                      className={`${ui.rowLink} ${ui.mono}`}
                    >
                      {delivery.webhookUrl}
                    </Link>
                  </td>
                  <td>
                    <Badge tone={tones[delivery.status]}>{delivery.status}</Badge>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {delivery.responseCode ?? delivery.error ?? <span className={ui.muted}>—</span>}
                  </td>
                  <td>
                    <Time value={delivery.lastAttemptAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </DetailFrame>
  );
}
