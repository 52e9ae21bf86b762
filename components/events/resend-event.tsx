"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TPage, type TWebhookListItem } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";
import styles from "./events.module.css";

/** Sends the event again to one active endpoint that subscribes to its type (developers). */
export function ResendEvent({
  environment,
  eventId,
  eventType,
}: {
  environment: TEnvironment;
  eventId: string;
  eventType: string;
}) {
  const canChange = useCanChange();
  const queryClient = useQueryClient();
  const [endpointId, setEndpointId] = useState("");
  const endpoints = useQuery({
    queryKey: [...queryKeys.webhooks(environment), "resend"],
    queryFn: () =>
      consoleFetch<TPage<TWebhookListItem>>(
        `/api/console/webhooks?environment=${environment}&limit=100`,
      ),
    enabled: canChange,
  });
  const resend = useMutation({
    mutationFn: () =>
      consoleFetch(
        `/api/console/events/${encodeURIComponent(eventId)}/resend?environment=${environment}`,
        { method: "POST", body: { webhookId: endpointId } },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.event(environment, eventId) }),
  });
  if (!canChange) return null;
  const eligible = (endpoints.data?.data ?? []).filter(
    (endpoint) =>
      endpoint.status === "active" &&
      (endpoint.events.includes("*") || endpoint.events.includes(eventType)),
  );
  if (eligible.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    resend.mutate();
  }

  return (
    <form className={styles.resend} onSubmit={submit}>
      <label className={ui.field}>
        <span className={ui.label}>Send it again to</span>
        <select
          className={ui.input}
          value={endpointId}
          onChange={(event) => setEndpointId(event.target.value)}
          required
        >
          <option value="">Choose an endpoint</option>
          {eligible.map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.url}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={!endpointId || resend.isPending}>
        {resend.isPending ? "Sending…" : "Resend"}
      </Button>
      {resend.isSuccess ? (
        <span role="status">Queued: it shows below as a new delivery.</span>
      ) : null}
      {resend.error ? (
        <span className={ui.fieldError} role="alert">
          {resend.error.message}
        </span>
      ) : null}
    </form>
  );
}
