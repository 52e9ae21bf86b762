"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import type { ConsoleApiError, TWebhookTestResult } from "../console/api";
import ui from "../ui/ui.module.css";
import styles from "./webhooks.module.css";

/** What the last test delivery did: the receiver's answer, or why it failed. */
export function TestEventPanel({
  test,
}: {
  test: UseMutationResult<TWebhookTestResult, ConsoleApiError, string>;
}) {
  if (test.isIdle) return null;
  if (test.isPending) {
    return <div className={`${ui.card} ${styles.result}`}>Sending a test event…</div>;
  }
  if (test.error) {
    return (
      <div
        className={`${ui.card} ${styles.result}`}
        role="alert"
        data-testid="test-result"
        data-ok="false"
      >
        <strong>Test failed</strong> <span className={ui.muted}>HTTP {test.error.status}</span>
        <p style={{ margin: "6px 0 0" }}>{test.error.message}</p>
      </div>
    );
  }
  const delivery = test.data!.testDelivery;
  return (
    <div
      className={`${ui.card} ${styles.result}`}
      role="status"
      data-testid="test-result"
      data-ok="true"
    >
      <strong>
        Test <code>{test.variables}</code> event delivered
      </strong>
      <dl>
        <dt>Status</dt>
        <dt>Response code</dt>
        <dt>Latency</dt>
        <dt>Signature</dt>
        <dd>{delivery.status}</dd>
        <dd>{delivery.responseCode}</dd>
        <dd>{delivery.latency}</dd>
        <dd>{delivery.signatureValid ? "Valid" : "Invalid"}</dd>
      </dl>
      <p className={ui.muted} style={{ margin: "6px 0 0" }}>
        The exchange is in the delivery log below (<code>{delivery.id}</code>).
      </p>
    </div>
  );
}
