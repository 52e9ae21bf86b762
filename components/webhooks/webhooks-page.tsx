"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TWebhookListItem } from "../console/api";
import { useCanChange } from "../console/member-role";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { plural } from "../console/plural";
import { usePagedList } from "../console/use-paged-list";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { WebhookStatus } from "./webhook-status";

export function WebhooksPage({
  environment,
  eventTypes,
}: {
  environment: TEnvironment;
  eventTypes: readonly string[];
}) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const list = usePagedList<TWebhookListItem>({
    queryKey: [...queryKeys.webhooks(environment), "page"],
    path: "/api/console/webhooks",
    params: { environment },
  });
  const add = useCanChange() ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      Add endpoint
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive signed events (Standard Webhooks) as they happen, retried with backoff."
        actions={add}
      />
      <PagedTable
        list={list}
        columns={["URL", "Events", "Status", "Success rate", "Last delivery"]}
        empty={
          <EmptyState icon={<NavIcon name="webhooks" />} title={`No ${environment} endpoints yet`}>
            Add one to hear about negotiations, settlements and receipts.
          </EmptyState>
        }
        row={(webhook) => (
          <tr data-testid="webhook-row">
            <td>
              <Link
                href={`/console/${environment}/webhooks/${webhook.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {webhook.url}
              </Link>
            </td>
            <td className={ui.muted}>
              {webhook.events.includes("*") ? "All events" : plural(webhook.events.length, "event")}
            </td>
            <td>
              <WebhookStatus status={webhook.status} />
            </td>
            <td>{webhook.successRate === null ? "—" : `${webhook.successRate}%`}</td>
            <td>
              <Time value={webhook.lastDeliveredAt} />
            </td>
          </tr>
        )}
      />
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
