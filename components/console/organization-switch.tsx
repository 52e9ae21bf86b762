"use client";

import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { NewOrganizationDialog } from "./new-organization-dialog";
import { sectionPathIn } from "./section-path";
import styles from "./shell.module.css";
import { useOrganizationSwitch } from "./use-organization-switch";

/**
 * The organization the console works in, and a disclosure listing the account's other ones to
 * switch to (this browser session only) and a way to create one. A switch reloads the section
 * in the other organization, so every page and cache starts from its data.
 */
export function OrganizationSwitch({
  member,
  environment,
}: {
  member: TConsoleMember;
  environment: TEnvironment;
}) {
  const pathname = usePathname();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const { switchTo, switching, error } = useOrganizationSwitch();
  const landing = sectionPathIn(pathname, environment);
  const others = member.organizations.filter(({ id }) => id !== member.organization.id);

  return (
    <div className={styles.organizationSwitch}>
      <button
        type="button"
        className={styles.organization}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        data-testid="organization-switch"
      >
        <span className={styles.logo} aria-hidden>
          {member.organization.name.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.organizationText}>
          <span className={styles.organizationName} data-testid="organization-name">
            {member.organization.name}
          </span>
          <span className={styles.plan}>
            {member.organization.plan} plan · {member.role}
          </span>
        </span>
        <span className={styles.chevron} aria-hidden>
          {open ? "▴" : "▾"}
        </span>
      </button>
      <div id={menuId} className={styles.organizationMenu} hidden={!open}>
        {others.length > 0 ? (
          <ul aria-label="Switch organization" className={styles.organizationList}>
            {others.map((organization) => (
              <li key={organization.id}>
                <button
                  type="button"
                  className={styles.organizationOption}
                  disabled={switching}
                  onClick={() => switchTo(organization.id, landing)}
                >
                  <span className={styles.organizationName}>{organization.name}</span>
                  <span className={styles.plan}>{organization.role}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.organizationNote}>You belong to this organization only.</p>
        )}
        <button
          type="button"
          className={styles.organizationOption}
          onClick={() => {
            setOpen(false);
            setCreating(true);
          }}
        >
          + New organization
        </button>
        {error ? (
          <p className={styles.organizationNote} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {creating ? (
        <NewOrganizationDialog landing={landing} onClose={() => setCreating(false)} />
      ) : null}
    </div>
  );
}
