"use client";

import { useRef, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import type { TConsoleOrganization } from "@/lib/users/get-console-member";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch } from "../console/api";
import { NewOrganizationDialog } from "../console/new-organization-dialog";
import { useOrganizationSwitch } from "../console/use-organization-switch";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import styles from "./account.module.css";

/**
 * The organizations the account belongs to, with its role in each: switch to one, leave one
 * (not the only one, and not as its last owner), or create another.
 */
export function OrganizationsSection({
  organizations,
  currentId,
  environment,
}: {
  organizations: TConsoleOrganization[];
  currentId: string;
  environment: TEnvironment;
}) {
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const [leaving, setLeaving] = useState<TConsoleOrganization>();
  const [creating, setCreating] = useState(false);
  const { switchTo, switching, error } = useOrganizationSwitch();
  const here = `/console/${environment}/account`;
  const only = organizations.length === 1;

  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="organizations">
      <h2 id="organizations" className={styles.heading}>
        Organizations
      </h2>
      <p className={ui.muted}>
        This account belongs to each of these, with its own role in each. The console works in one
        at a time: switching applies to this browser only.
      </p>
      {error ? (
        <div className={ui.alert} role="alert">
          {error}
        </div>
      ) : null}
      <table ref={table} className={`${ui.table} ${ui.stacked}`} aria-label="Organizations">
        <thead>
          <tr>
            <th>Name</th>
            <th>Your role</th>
            <th>Plan</th>
            <th>
              <span className={ui.srOnly}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {organizations.map((organization) => (
            <tr key={organization.id} data-testid="organization-row">
              <td>
                {organization.name}{" "}
                {organization.id === currentId ? <Badge tone="accent">current</Badge> : null}
              </td>
              <td>{organization.role}</td>
              <td>{organization.plan}</td>
              <td>
                {organization.id === currentId ? null : (
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={switching}
                    onClick={() => switchTo(organization.id, here)}
                  >
                    Switch
                  </Button>
                )}
                <Button
                  size="small"
                  variant="ghost"
                  disabled={only}
                  title={only ? "Your only organization: create or join another first." : undefined}
                  onClick={() => setLeaving(organization)}
                >
                  Leave
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {only ? (
        <p className={ui.muted}>You can leave an organization once you belong to another.</p>
      ) : null}
      <p>
        <Button onClick={() => setCreating(true)}>New organization</Button>
      </p>
      {leaving ? (
        <ActionDialog
          title={`Leave “${leaving.name}”?`}
          description={`You lose access to its keys, agents, settlements and team at once; an owner can invite you again. Its last owner cannot leave.`}
          confirmLabel="Leave organization"
          busyLabel="Leaving…"
          variant="danger"
          action={() =>
            consoleFetch(
              `/api/console/account/organizations/${encodeURIComponent(leaving.id)}/leave`,
              { method: "POST", body: {} },
            )
          }
          onDone={() => window.location.assign(here)}
          onClose={() => setLeaving(undefined)}
        />
      ) : null}
      {creating ? (
        <NewOrganizationDialog landing={here} onClose={() => setCreating(false)} />
      ) : null}
    </section>
  );
}
