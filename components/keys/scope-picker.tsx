"use client";

import { useEffect, useRef } from "react";
import { allScopes, scopeGroups, type TScope } from "@/lib/auth/scopes";
import styles from "./keys.module.css";

const groupLabels: Record<keyof typeof scopeGroups, string> = {
  agent: "Agents",
  negotiation: "Negotiations",
  settlement: "Settlements",
  receipt: "Receipts",
  attest: "Attestation",
  webhook: "Webhooks",
  governance: "Governance",
};

function GroupCheckbox({
  label,
  scopes,
  selected,
  onChange,
}: {
  label: string;
  scopes: readonly TScope[];
  selected: ReadonlySet<TScope>;
  onChange: (scopes: readonly TScope[], checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = scopes.filter((scope) => selected.has(scope)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < scopes.length;
  }, [count, scopes.length]);
  return (
    <label className={styles.groupLabel}>
      <input
        ref={ref}
        type="checkbox"
        checked={count === scopes.length}
        onChange={(event) => onChange(scopes, event.target.checked)}
      />
      {label}
      <span className={styles.groupCount}>
        {count}/{scopes.length}
      </span>
    </label>
  );
}

/** The 21 scopes grouped by area; a group's checkbox selects or clears the whole area. */
export function ScopePicker({
  value,
  onChange,
}: {
  value: ReadonlySet<TScope>;
  onChange: (next: Set<TScope>) => void;
}) {
  function toggle(scopes: readonly TScope[], checked: boolean) {
    const next = new Set(value);
    for (const scope of scopes) {
      if (checked) next.add(scope);
      else next.delete(scope);
    }
    onChange(next);
  }
  return (
    <fieldset className={styles.scopes}>
      <legend className={styles.scopesLegend}>
        Scopes
        <span className={styles.scopesActions}>
          <button type="button" onClick={() => onChange(new Set(allScopes))}>
            Select all
          </button>
          <button type="button" onClick={() => onChange(new Set())}>
            Clear
          </button>
        </span>
      </legend>
      {(Object.entries(scopeGroups) as [keyof typeof scopeGroups, readonly TScope[]][]).map(
        ([group, scopes]) => (
          <div key={group} className={styles.group}>
            <GroupCheckbox
              label={groupLabels[group]}
              scopes={scopes}
              selected={value}
              onChange={toggle}
            />
            <div className={styles.groupScopes}>
              {scopes.map((scope) => (
                <label key={scope} className={styles.scope}>
                  <input
                    type="checkbox"
                    name="scope"
                    value={scope}
                    checked={value.has(scope)}
                    onChange={(event) => toggle([scope], event.target.checked)}
                  />
                  <code>{scope}</code>
                </label>
              ))}
            </div>
          </div>
        ),
      )}
    </fieldset>
  );
}
