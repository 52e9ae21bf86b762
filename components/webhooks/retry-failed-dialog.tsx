"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import {
  consoleFetch,
  queryKeys,
  type TFailedDeliveries,
  type TRetriedDeliveries,
} from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

const dayMs = 24 * 60 * 60 * 1000;

/** A `datetime-local` value (the browser's time zone) for a moment. */
function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const plural = (count: number) => `${count} failed ${count === 1 ? "delivery" : "deliveries"}`;

/**
 * "Retry every failed delivery since…": shows how many failed deliveries were created since the
 * chosen time, and sends them all again on confirmation.
 */
export function RetryFailedDialog({
  environment,
  webhookId,
  onClose,
}: {
  environment: TEnvironment;
  webhookId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [since, setSince] = useState(() => localInput(new Date(Date.now() - dayMs)));
  const sinceIso = since ? new Date(since).toISOString() : "";
  const path = `/api/console/webhooks/${encodeURIComponent(webhookId)}/retry-failed`;
  const failed = useQuery({
    queryKey: queryKeys.failedDeliveries(environment, webhookId, sinceIso),
    queryFn: () =>
      consoleFetch<TFailedDeliveries>(
        `${path}?${new URLSearchParams({ environment, since: sinceIso })}`,
      ),
    enabled: sinceIso !== "",
  });
  const retry = useMutation({
    mutationFn: () =>
      consoleFetch<TRetriedDeliveries>(`${path}?environment=${environment}`, {
        method: "POST",
        body: { since: sinceIso },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhook(environment, webhookId) }),
  });
  const count = failed.data?.failed;
  return (
    <Dialog
      open
      onClose={onClose}
      title="Retry failed deliveries"
      description="Every delivery of this endpoint that failed, created at or after the time you choose, is sent again on a fresh retry schedule."
      footer={
        retry.data ? (
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => retry.mutate()}
              disabled={!count || retry.isPending}
            >
              {retry.isPending
                ? "Retrying…"
                : count
                  ? `Retry ${plural(count)}`
                  : "Nothing to retry"}
            </Button>
          </>
        )
      }
    >
      <label className={ui.field}>
        <span className={ui.label}>Failed since</span>
        <input
          className={ui.input}
          type="datetime-local"
          value={since}
          onChange={(event) => setSince(event.target.value)}
          disabled={retry.isPending || retry.isSuccess}
          required
        />
      </label>
      <p role="status" data-testid="failed-count">
        {!sinceIso
          ? "Choose a time."
          : failed.error
            ? null
            : count === undefined
              ? "Counting…"
              : retry.data
                ? `${plural(retry.data.retried)} queued again.${retry.data.remaining ? ` ${retry.data.remaining} more remain: retry again to send them.` : ""}`
                : `${plural(count)} since then.`}
      </p>
      {failed.error ? <div className={ui.alert}>{failed.error.message}</div> : null}
      {retry.error ? <div className={ui.alert}>{retry.error.message}</div> : null}
    </Dialog>
  );
}
