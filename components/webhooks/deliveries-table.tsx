"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useRef, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import {
  consoleFetch,
  queryKeys,
  type TDeliveryFilters,
  type TPage,
  type TWebhookDelivery,
} from "../console/api";
import { useCanChange } from "../console/member-role";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { useUrlFilters } from "../console/use-url-filters";
import { Badge, type TBadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { EmptyState, ErrorState, LoadingRows, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import { DeliveryAttempts } from "./delivery-attempts";
import { DeliveryFilters, noDeliveryFilters } from "./delivery-filters";
import styles from "./webhooks.module.css";

const tones: Record<TWebhookDelivery["status"], TBadgeTone> = {
  pending: "accent",
  delivered: "success",
  failed: "danger",
  cancelled: "neutral",
};

/**
 * The endpoint's delivery log, filtered by status and event type, refreshed while deliveries are
 * in flight, with manual retry and each delivery's attempts a click away.
 */
export function DeliveriesTable({
  environment,
  webhookId,
  eventTypes,
}: {
  environment: TEnvironment;
  webhookId: string;
  eventTypes: readonly string[];
}) {
  const queryClient = useQueryClient();
  const pager = usePager();
  const { filters, change } = useUrlFilters<TDeliveryFilters>(noDeliveryFilters);
  const [expanded, setExpanded] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const deliveries = useQuery({
    queryKey: queryKeys.deliveries(environment, webhookId, filters, pager.cursor),
    queryFn: () => {
      const query = new URLSearchParams({ environment, limit: "20" });
      if (pager.cursor) query.set("cursor", pager.cursor);
      if (filters.status) query.set("status", filters.status);
      if (filters.eventType) query.set("eventType", filters.eventType);
      return consoleFetch<TPage<TWebhookDelivery>>(
        `/api/console/webhooks/${encodeURIComponent(webhookId)}/deliveries?${query}`,
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === "pending") ? 1_000 : 5_000,
  });
  const canChange = useCanChange();
  const retry = useMutation({
    mutationFn: (deliveryId: string) =>
      consoleFetch<TWebhookDelivery>(
        `/api/console/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry?environment=${environment}`,
        { method: "POST" },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhook(environment, webhookId) }),
  });
  const page = deliveries.data;
  const filtered = filters.status !== "" || filters.eventType !== "";
  return (
    <>
      <DeliveryFilters filters={filters} eventTypes={eventTypes} onChange={change} />
      {retry.error ? <div className={ui.alert}>{retry.error.message}</div> : null}
      <div className={ui.card}>
        {deliveries.error ? (
          <ErrorState error={deliveries.error} onRetry={() => deliveries.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          filtered ? (
            <NoMatches things="deliveries" />
          ) : (
            <EmptyState title="No deliveries yet">
              Events this endpoint subscribes to appear here with every attempt's outcome. Test
              events are not logged.
            </EmptyState>
          )
        ) : (
          <table
            ref={table}
            className={`${ui.table} ${ui.stacked}`}
            aria-busy={deliveries.isFetching}
            aria-label="Deliveries"
          >
            <thead>
              <tr>
                <th>Event</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>Response</th>
                <th>Last attempt</th>
                <th>
                  <span className={ui.srOnly}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={6} />
              ) : (
                page.data.map((delivery) => (
                  <Fragment key={delivery.id}>
                    <tr data-testid="delivery-row" data-status={delivery.status}>
                      <td>
                        <code>{delivery.eventType}</code>
                        {delivery.test ? (
                          <div>
                            <Badge tone="neutral">test event</Badge>
                          </div>
                        ) : (
                          <div className={`${ui.mono} ${ui.muted}`}>{delivery.eventId}</div>
                        )}
                      </td>
                      <td>
                        <Badge tone={tones[delivery.status]}>{delivery.status}</Badge>
                        {delivery.nextAttemptAt && delivery.status === "pending" ? (
                          <div className={ui.muted}>
                            next <Time value={delivery.nextAttemptAt} />
                          </div>
                        ) : null}
                      </td>
                      <td>{delivery.attempts}</td>
                      <td>
                        {delivery.responseCode ?? "—"}
                        {delivery.latency ? (
                          <span className={ui.muted}> · {delivery.latency}</span>
                        ) : null}
                        {delivery.error ? <div className={ui.muted}>{delivery.error}</div> : null}
                      </td>
                      <td>
                        <Time value={delivery.lastAttemptAt} />
                      </td>
                      <td className={styles.rowActions}>
                        <Button
                          size="small"
                          variant="ghost"
                          aria-expanded={expanded === delivery.id}
                          aria-controls={`attempts-${delivery.id}`}
                          onClick={() =>
                            setExpanded((open) => (open === delivery.id ? null : delivery.id))
                          }
                        >
                          {expanded === delivery.id ? "Hide attempts" : "Attempts"}
                        </Button>
                        {canChange &&
                        !delivery.test &&
                        (delivery.status === "failed" || delivery.status === "delivered") ? (
                          <Button
                            size="small"
                            onClick={() => retry.mutate(delivery.id)}
                            disabled={retry.isPending && retry.variables === delivery.id}
                          >
                            Retry
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                    {expanded === delivery.id ? (
                      <tr id={`attempts-${delivery.id}`}>
                        <td colSpan={6}>
                          <DeliveryAttempts
                            environment={environment}
                            webhookId={webhookId}
                            deliveryId={delivery.id}
                            pending={delivery.status === "pending"}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <Pager pager={pager} page={page} placeholder={deliveries.isPlaceholderData} />
    </>
  );
}
