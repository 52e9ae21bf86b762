"use client";

import { useState } from "react";
import styles from "../auth/auth.module.css";
import { ConsoleApiError, consoleFetch } from "../console/api";
import { Button } from "../ui/button";

/**
 * The member's answer to an MCP client's request: allowing issues the client a key of this
 * organization in that environment with those scopes (revocable on the keys page).
 */
export function ConsentForm({
  query,
  clientName,
  clientHost,
  redirectTo,
  organization,
  environment,
  scopes,
  canGrant,
}: {
  query: string;
  clientName: string;
  /** The host of the client's metadata document, for a client that has one. */
  clientHost: string | undefined;
  redirectTo: string;
  organization: string;
  environment: string;
  scopes: string[];
  canGrant: boolean;
}) {
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  async function answer(allow: boolean) {
    setPending(true);
    setFailure(undefined);
    try {
      const { redirectTo: next } = await consoleFetch<{ redirectTo: string }>(
        `/api/console/oauth/${allow ? "allow" : "deny"}`,
        { method: "POST", body: { query } },
      );
      window.location.assign(next);
    } catch (error) {
      setFailure(error instanceof ConsoleApiError ? error.message : "The answer was not sent.");
      setPending(false);
    }
  }

  return (
    <main className={styles.card}>
      <h1 className={styles.title}>Allow {clientName}?</h1>
      {clientHost ? (
        <p className={styles.subtitle} data-testid="consent-client-host">
          Described by <strong>{clientHost}</strong>: trust it only if you know that site.
        </p>
      ) : null}
      <p className={styles.subtitle}>
        It asks to act for <strong>{organization}</strong> in <strong>{environment}</strong> through
        the MCP server, and will be sent back to <code>{redirectTo}</code>.
      </p>
      <p className={styles.subtitle}>With these scopes:</p>
      <ul data-testid="consent-scopes">
        {scopes.map((scope) => (
          <li key={scope}>
            <code>{scope}</code>
          </li>
        ))}
      </ul>
      <p className={styles.subtitle}>
        It gets a key that works for 30 days; revoke it any time on the keys page.
      </p>
      {canGrant ? null : (
        <p className={styles.subtitle} role="alert">
          Only a developer or an owner of {organization} can allow this.
        </p>
      )}
      {failure ? (
        <p className={styles.subtitle} role="alert">
          {failure}
        </p>
      ) : null}
      <p className={styles.switch}>
        <Button
          type="button"
          variant="primary"
          disabled={pending || !canGrant}
          onClick={() => answer(true)}
        >
          Allow
        </Button>{" "}
        <Button type="button" variant="secondary" disabled={pending} onClick={() => answer(false)}>
          Deny
        </Button>
      </p>
    </main>
  );
}
