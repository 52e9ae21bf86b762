"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Environment } from "@/lib/environment";
import { consoleFetch, type Page, queryKeys, type WebhookListItem } from "../console/api";
import { NavIcon } from "../console/nav-icon";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { WebhookStatus } from "./webhook-status";

export function WebhooksPage({
  environment,
  eventTypes,
}: {
  environment: Environment;
  eventTypes: readonly string[];
}) {
  const router = useRouter();
  const pager = usePager();
  const [creating, setCreating] = useState(false);
  const webhooks = useQuery({
    queryKey: [...queryKeys.webhooks(environment), "page", pager.cursor],
    queryFn: () => {
      const query = new URLSearchParams({ environment, limit: "20" });
      if (pager.cursor) query.set("cursor", pager.cursor);
      return consoleFetch<Page<WebhookListItem>>(`/api/console/webhooks?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const page = webhooks.data;
  const add = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      Add endpoint
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive signed events (Standard Webhooks) as they happen, retried with backoff."
        actions={add}
      />
      <div className={ui.card}>
        {webhooks.error ? (
          <ErrorState error={webhooks.error} onRetry={() => webhooks.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          <EmptyState icon={<NavIcon name="webhooks" />} title={`No ${environment} endpoints yet`}>
            Add one to hear about negotiations, settlements and receipts.
          </EmptyState>
        ) : (
          <table className={ui.table} aria-busy={webhooks.isFetching}>
            <thead>
              <tr>
                <th>URL</th>
                <th>Events</th>
                <th>Status</th>
                <th>Success rate</th>
                <th>Last delivery</th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={5} />
              ) : (
                page.data.map((webhook) => (
                  <tr key={webhook.id} data-testid="webhook-row">
                    <td>
                      <Link
                        href={`/console/${environment}/webhooks/${webhook.id}`}
                        className={`${ui.rowLink} ${ui.mono}`}
                      >
                        {webhook.url}
                      </Link>
                    </td>
                    <td className={ui.muted}>
                      {webhook.events.includes("*")
                        ? "All events"
                        : `${webhook.events.length} events`}
                    </td>
                    <td>
                      <WebhookStatus status={webhook.status} />
                    </td>
                    <td>{webhook.successRate === null ? "—" : `${webhook.successRate}%`}</td>
                    <td>
                      <Time value={webhook.lastDeliveredAt} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <Pager pager={pager} page={page} placeholder={webhooks.isPlaceholderData} />
      {creating ? (
        <WebhookFormDialog
          environment={environment}
          eventTypes={eventTypes}
          onClose={() => setCreating(false)}
          onSaved={(id) => router.push(`/console/${environment}/webhooks/${id}`)}
        />
      ) : null}
    </>
  );
}
