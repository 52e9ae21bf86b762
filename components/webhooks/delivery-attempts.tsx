"use client";

import { useQuery } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TWebhookAttempt } from "../console/api";
import { Badge, type TBadgeTone } from "../ui/badge";
import { ErrorState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./webhooks.module.css";

const tones: Record<TWebhookAttempt["status"], TBadgeTone> = {
  in_flight: "accent",
  succeeded: "success",
  failed: "danger",
};

function Headers({ label, headers }: { label: string; headers: Record<string, string> }) {
  return (
    <table className={styles.headers} aria-label={label}>
      <tbody>
        {Object.entries(headers).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Exchange({ attempt }: { attempt: TWebhookAttempt }) {
  return (
    <>
      {attempt.error ? (
        <p className={`${ui.alert} ${styles.attemptError}`} data-testid="attempt-error">
          {attempt.error}
        </p>
      ) : null}
      <div className={styles.exchange}>
        <section aria-label="Request">
          <h4>Request</h4>
          {attempt.request ? (
            <>
              <Headers label="Request headers" headers={attempt.request.headers} />
              <pre className={styles.body} data-testid="request-body">
                {attempt.request.body}
              </pre>
            </>
          ) : (
            <p className={ui.muted}>Not recorded: the service stopped during this attempt.</p>
          )}
        </section>
        <section aria-label="Response">
          <h4>Response</h4>
          {attempt.response ? (
            <>
              <Headers label="Response headers" headers={attempt.response.headers} />
              <pre className={styles.body} data-testid="response-body">
                {attempt.response.body || "(empty body)"}
              </pre>
            </>
          ) : (
            <p className={ui.muted}>No answer.</p>
          )}
        </section>
      </div>
    </>
  );
}

/** Every attempt of one delivery, newest first, each expandable to its request and answer. */
export function DeliveryAttempts({
  environment,
  webhookId,
  deliveryId,
  pending,
}: {
  environment: TEnvironment;
  webhookId: string;
  deliveryId: string;
  pending: boolean;
}) {
  const attempts = useQuery({
    queryKey: queryKeys.attempts(environment, webhookId, deliveryId),
    queryFn: () =>
      consoleFetch<{ data: TWebhookAttempt[] }>(
        `/api/console/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/attempts?environment=${environment}`,
      ),
    refetchInterval: pending ? 1_000 : false,
  });
  if (attempts.error) {
    return <ErrorState error={attempts.error} onRetry={() => attempts.refetch()} />;
  }
  if (!attempts.data) return <p className={ui.muted}>Loading attempts…</p>;
  if (attempts.data.data.length === 0) {
    return <p className={ui.muted}>No attempt yet: the first one is on its way.</p>;
  }
  return (
    <ol className={styles.attempts} aria-label="Attempts">
      {attempts.data.data.map((attempt) => (
        <li key={attempt.attempt} data-testid="attempt-row" data-status={attempt.status}>
          <details>
            <summary>
              <strong>Attempt {attempt.attempt}</strong>{" "}
              <Badge tone={tones[attempt.status]}>{attempt.status.replace("_", " ")}</Badge>{" "}
              <span>{attempt.responseCode ?? "no answer"}</span>
              {attempt.latency ? <span className={ui.muted}> · {attempt.latency}</span> : null}
              <span className={ui.muted}>
                {" "}
                · <Time value={attempt.startedAt} />
              </span>
            </summary>
            <Exchange attempt={attempt} />
          </details>
        </li>
      ))}
    </ol>
  );
}
