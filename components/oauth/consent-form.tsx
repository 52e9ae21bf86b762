"use client";

import { useState } from "react";
import type { TConsoleOrganization } from "@/lib/users/get-console-member";
import styles from "../auth/auth.module.css";
import { ConsoleApiError, consoleFetch } from "../console/api";
import { useOrganizationSwitch } from "../console/use-organization-switch";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";

/**
 * The member's answer to an MCP client's request: allowing issues the client a key of the
 * organization the console works in, in that environment with those scopes (revocable on the
 * keys page). A member of several organizations picks one here: the session switches to it and
 * the screen shows the request again, for that organization.
 */
export function ConsentForm({
  query,
  clientName,
  clientHost,
  redirectTo,
  organization,
  organizations,
  environment,
  scopes,
  canGrant,
}: {
  query: string;
  clientName: string;
  /** The host of the client's metadata document, for a client that has one. */
  clientHost: string | undefined;
  redirectTo: string;
  organization: { id: string; name: string };
  /** Every organization of the member's account. */
  organizations: TConsoleOrganization[];
  environment: string;
  scopes: string[];
  canGrant: boolean;
}) {
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const organizationSwitch = useOrganizationSwitch();
  const busy = pending || organizationSwitch.switching;
  const refusal = failure ?? organizationSwitch.error;

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
        It asks to act for <strong>{organization.name}</strong> in <strong>{environment}</strong>{" "}
        through the MCP server, and will be sent back to <code>{redirectTo}</code>.
      </p>
      {organizations.length > 1 ? (
        <label className={ui.field}>
          <span className={ui.label}>For the organization</span>
          <select
            className={ui.input}
            value={organization.id}
            disabled={busy}
            onChange={(event) =>
              organizationSwitch.switchTo(event.target.value, window.location.href)
            }
          >
            {organizations.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({option.role})
              </option>
            ))}
          </select>
        </label>
      ) : null}
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
          Only a developer or an owner of {organization.name} can allow this.
        </p>
      )}
      {refusal ? (
        <p className={styles.subtitle} role="alert">
          {refusal}
        </p>
      ) : null}
      <p className={styles.switch}>
        <Button
          type="button"
          variant="primary"
          disabled={busy || !canGrant}
          onClick={() => answer(true)}
        >
          Allow
        </Button>{" "}
        <Button type="button" variant="secondary" disabled={busy} onClick={() => answer(false)}>
          Deny
        </Button>
      </p>
    </main>
  );
}
