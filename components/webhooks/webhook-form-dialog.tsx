"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TWebhook } from "../console/api";
import { Field, FormErrors, fieldMessage } from "../console/form-field";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";
import { generateSecret } from "./generate-secret";
import styles from "./webhooks.module.css";

const ALL = "*";
const fields = ["url", "description", "events", "secret"] as const;

/** Creates an endpoint, or edits one when `webhook` is given (a blank secret keeps the current one). */
export function WebhookFormDialog({
  environment,
  eventTypes,
  webhook,
  onClose,
  onSaved,
}: {
  environment: TEnvironment;
  eventTypes: readonly string[];
  webhook?: TWebhook;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [description, setDescription] = useState(webhook?.description ?? "");
  // A new endpoint starts subscribed to everything, as Stripe's and Svix's do; narrow it below.
  const [events, setEvents] = useState<Set<string>>(new Set(webhook?.events ?? [ALL]));
  const [secret, setSecret] = useState(webhook ? "" : generateSecret());
  const save = useMutation({
    mutationFn: () => {
      const body = {
        url: url.trim(),
        events: [...events],
        description: description.trim() || (webhook ? null : undefined),
        ...(secret ? { secret } : {}),
      };
      return webhook
        ? consoleFetch<{ id: string }>(
            `/api/console/webhooks/${encodeURIComponent(webhook.id)}?environment=${environment}`,
            { method: "PATCH", body },
          )
        : consoleFetch<{ id: string }>(`/api/console/webhooks?environment=${environment}`, {
            method: "POST",
            body,
          });
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(environment) });
      onSaved?.(saved.id);
      onClose();
    },
  });
  const toggle = (type: string) =>
    setEvents((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      if (type === ALL && next.has(ALL)) return new Set([ALL]);
      if (type !== ALL) next.delete(ALL);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const formId = webhook ? "webhook-edit" : "webhook-create";
  const eventsError = fieldMessage(save.error, "events", "Event");
  const secretError = fieldMessage(save.error, "secret");
  return (
    <Dialog
      open
      onClose={onClose}
      title={webhook ? "Edit endpoint" : "Add endpoint"}
      description={
        environment === "sandbox"
          ? "Sandbox endpoints may be http:// and local addresses such as 127.0.0.1."
          : "Production endpoints must be https:// on a public address."
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form={formId}
            disabled={save.isPending || events.size === 0}
          >
            {save.isPending ? "Saving…" : webhook ? "Save changes" : "Add endpoint"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <FormErrors error={save.error} fields={fields}>
          <Field name="url" label="Endpoint URL">
            <input
              className={ui.input}
              name="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://hooks.example.com/agent-settlement"
              required
              autoFocus
            />
          </Field>
          <Field name="description" label="Description">
            <input
              className={ui.input}
              name="description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="Ledger sync"
              maxLength={500}
            />
          </Field>
          <fieldset className={`${ui.field} ${styles.events}`}>
            <legend className={ui.label}>Events</legend>
            <label className={styles.all}>
              <input type="checkbox" checked={events.has(ALL)} onChange={() => toggle(ALL)} />
              All events, including types added later
            </label>
            {eventTypes.map((type) => (
              <label key={type}>
                <input
                  type="checkbox"
                  checked={events.has(ALL) || events.has(type)}
                  disabled={events.has(ALL)}
                  onChange={() => toggle(type)}
                />
                {type}
              </label>
            ))}
            {events.size === 0 ? (
              <span className={ui.hint}>Choose at least one event type, or all.</span>
            ) : null}
            {eventsError ? (
              <span className={ui.fieldError} role="alert">
                {eventsError}
              </span>
            ) : null}
          </fieldset>
          <label className={ui.field}>
            <span className={ui.label}>
              {webhook ? "New signing secret (optional)" : "Signing secret"}
            </span>
            <span className={styles.secretRow}>
              <input
                className={`${ui.input} ${ui.mono}`}
                name="secret"
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
                required={!webhook}
                aria-invalid={secretError ? true : undefined}
                placeholder={webhook ? "Leave blank to keep the current secret" : undefined}
              />
              <Button size="small" onClick={() => setSecret(generateSecret())}>
                Generate
              </Button>
            </span>
            {secretError ? (
              <span className={ui.fieldError} role="alert">
                {secretError}
              </span>
            ) : (
              <span className={ui.hint}>
                {webhook
                  ? "Blank keeps the current secret; after a change the old one keeps signing for 24 hours."
                  : "Stored encrypted; Reveal on the endpoint's page shows it again."}
              </span>
            )}
          </label>
        </FormErrors>
      </form>
    </Dialog>
  );
}
