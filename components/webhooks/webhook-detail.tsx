"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import {
  type ConsoleApiError,
  consoleFetch,
  queryKeys,
  type TWebhook,
  type TWebhookTestResult,
} from "../console/api";
import { DetailFrame } from "../console/detail-frame";
import { DetailList, DetailRow, none } from "../console/detail-list";
import { useCanChange } from "../console/member-role";
import { useDetail } from "../console/use-detail";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { DeleteWebhookDialog } from "./delete-webhook-dialog";
import { DeliveriesTable } from "./deliveries-table";
import { RetryFailedDialog } from "./retry-failed-dialog";
import { SigningSecret } from "./signing-secret";
import { TestEventPanel } from "./test-event-panel";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { WebhookStatus } from "./webhook-status";
import styles from "./webhooks.module.css";

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className={`${ui.card} ${styles.stat}`}>
      <div className={ui.muted}>{label}</div>
      <div className={styles.statValue}>{value}</div>
    </div>
  );
}

export function WebhookDetail({
  environment,
  webhookId,
  eventTypes,
}: {
  environment: TEnvironment;
  webhookId: string;
  eventTypes: readonly string[];
}) {
  const queryClient = useQueryClient();
  const canChange = useCanChange();
  const [dialog, setDialog] = useState<"edit" | "delete" | "retry-failed" | null>(null);
  const [testType, setTestType] = useState("");
  const webhook = useDetail<TWebhook>(
    "webhooks",
    environment,
    webhookId,
    queryKeys.webhook(environment, webhookId),
    // The statistics move with every delivery attempt, made in the background.
    { refetchInterval: 3_000 },
  );
  const path = `/api/console/webhooks/${encodeURIComponent(webhookId)}`;
  const setStatus = useMutation({
    mutationFn: (status: TWebhook["status"]) =>
      consoleFetch(`${path}?environment=${environment}`, { method: "PATCH", body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(environment) }),
  });
  const test = useMutation<TWebhookTestResult, ConsoleApiError, string>({
    mutationFn: (eventType) =>
      consoleFetch<TWebhookTestResult>(`${path}/test?environment=${environment}`, {
        method: "POST",
        body: { eventType },
      }),
    // Delivered or not, the test is now in the delivery log.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhook(environment, webhookId) }),
  });
  const listHref = `/console/${environment}/webhooks`;
  const data = webhook.data;
  // A test event may be of any type the endpoint subscribes to.
  const testTypes = data?.events.includes("*") ? eventTypes : (data?.events ?? []);
  const chosenTestType = testTypes.includes(testType) ? testType : (testTypes[0] ?? "");
  const stats = data?.stats;
  return (
    <DetailFrame
      kind="Webhook"
      id={webhookId}
      listHref={listHref}
      listLabel="Webhooks"
      error={webhook.error}
      onRetry={() => webhook.refetch()}
    >
      <PageHeader
        back={<Link href={listHref}>← Webhooks</Link>}
        title={
          data ? (
            <>
              <span className={ui.mono} style={{ fontSize: 18 }}>
                {data.url}
              </span>{" "}
              <WebhookStatus status={data.status} />
            </>
          ) : (
            <span className={ui.skeleton} style={{ width: 320, height: 28, display: "block" }} />
          )
        }
        description={data?.description ?? undefined}
      />
      {data && canChange ? (
        <div className={styles.actions}>
          <select
            className={ui.input}
            aria-label="Test event type"
            value={chosenTestType}
            onChange={(event) => setTestType(event.target.value)}
          >
            {testTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            onClick={() => test.mutate(chosenTestType)}
            disabled={test.isPending || data.status === "disabled"}
          >
            Send test event
          </Button>
          <Button onClick={() => setDialog("retry-failed")} disabled={data.status === "disabled"}>
            Retry failed…
          </Button>
          <Button onClick={() => setDialog("edit")}>Edit</Button>
          <Button
            onClick={() => setStatus.mutate(data.status === "active" ? "disabled" : "active")}
            disabled={setStatus.isPending}
          >
            {data.status === "active" ? "Disable" : "Enable"}
          </Button>
          <Button variant="danger" onClick={() => setDialog("delete")}>
            Delete
          </Button>
        </div>
      ) : null}
      {setStatus.error ? <div className={ui.alert}>{setStatus.error.message}</div> : null}
      <TestEventPanel test={test} />
      <div className={styles.stats} data-testid="webhook-stats">
        <Stat label="Attempts" value={stats ? String(stats.totalDeliveries) : "…"} />
        <Stat
          label="Success rate"
          value={stats ? (stats.successRate === null ? "—" : `${stats.successRate}%`) : "…"}
        />
        <Stat label="Average latency" value={stats ? (stats.averageLatency ?? "—") : "…"} />
        <Stat label="Last delivered" value={stats ? <Time value={stats.lastDeliveredAt} /> : "…"} />
      </div>
      <div className={ui.card}>
        <DetailList busy={webhook.isPending}>
          {data ? (
            <>
              <DetailRow label="ID">
                <code>{data.id}</code>
              </DetailRow>
              <DetailRow label="Events">
                {data.events.includes("*") ? (
                  "All events"
                ) : data.events.length ? (
                  <span className={ui.mono}>{data.events.join(", ")}</span>
                ) : (
                  none
                )}
              </DetailRow>
              <DetailRow label="Created">
                <Time value={data.createdAt} />
              </DetailRow>
              <DetailRow label="Signing secret">
                <SigningSecret environment={environment} webhookId={webhookId} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <h2 className={styles.section}>Delivery attempts</h2>
      <DeliveriesTable environment={environment} webhookId={webhookId} eventTypes={eventTypes} />
      {dialog === "edit" && data ? (
        <WebhookFormDialog
          environment={environment}
          eventTypes={eventTypes}
          webhook={data}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "retry-failed" ? (
        <RetryFailedDialog
          environment={environment}
          webhookId={webhookId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "delete" && data ? (
        <DeleteWebhookDialog
          environment={environment}
          webhook={data}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </DetailFrame>
  );
}
