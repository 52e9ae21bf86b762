"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TAuditEntry } from "../console/api";
import { listFilterQuery } from "../console/list-filters";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { useUrlFilters } from "../console/use-url-filters";
import { Badge } from "../ui/badge";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

type TFilters = {
  action: string;
  actor: string;
  targetId: string;
  environment: string;
  createdAfter: string;
  createdBefore: string;
};
const noFilters: TFilters = {
  action: "",
  actor: "",
  targetId: "",
  environment: "",
  createdAfter: "",
  createdBefore: "",
};

/** The audit routes' query: text filters trimmed, days as instants (listFilterQuery's rule). */
function auditQuery(filters: TFilters): Record<string, string> {
  const query = listFilterQuery({ ...filters, status: "" });
  for (const name of ["action", "actor", "targetId", "environment"] as const)
    if (filters[name].trim()) query[name] = filters[name].trim();
  return query;
}

export function AuditLogPage({ environment }: { environment: TEnvironment }) {
  const { filters, change } = useUrlFilters(noFilters);
  const query = auditQuery(filters);
  const filtered = Object.keys(query).length > 0;
  const list = usePagedList<TAuditEntry>({
    queryKey: queryKeys.audit(query),
    path: "/api/console/team/audit",
    params: query,
  });
  const text = (name: keyof TFilters) => ({
    value: filters[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }),
  });
  return (
    <>
      <PageHeader
        back={<Link href={`/console/${environment}/team`}>← Team</Link>}
        title="Audit log"
        description="Every change made in the console, by whom and when, newest first."
      />
      <form
        className={ui.filters}
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Action
          <input className={ui.input} placeholder="keys, keys.roll…" {...text("action")} />
        </label>
        <label>
          Actor
          <input className={ui.input} placeholder="Email" {...text("actor")} />
        </label>
        <label>
          Target
          <input className={ui.input} placeholder="key-…, wh-…" {...text("targetId")} />
        </label>
        <label>
          Environment
          <select className={ui.input} {...text("environment")}>
            <option value="">Any</option>
            <option value="sandbox">Sandbox</option>
            <option value="production">Production</option>
            <option value="organization">Organization (team)</option>
          </select>
        </label>
        <label>
          Created from
          <input type="date" className={ui.input} {...text("createdAfter")} />
        </label>
        <label>
          Created to
          <input type="date" className={ui.input} {...text("createdBefore")} />
        </label>
        {filtered ? (
          <button type="button" className={ui.button} onClick={() => change(noFilters)}>
            Clear filters
          </button>
        ) : null}
        <a
          className={ui.button}
          href={`/api/console/team/audit/export?${new URLSearchParams(query)}`}
          download
        >
          Export CSV
        </a>
      </form>
      <PagedTable
        list={list}
        columns={["Time", "Actor", "Action", "Target", "Environment"]}
        label="Audit log entries"
        empty={
          filtered ? (
            <EmptyState title="No entries match these filters">
              Change or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState title="Nothing changed yet">
              Changes made in the console appear here.
            </EmptyState>
          )
        }
        row={(entry) => (
          <tr data-testid="audit-row" data-action={entry.action}>
            <td>
              <Time value={entry.createdAt} />
            </td>
            <td>
              {entry.actor.email} <Badge>{entry.actor.role}</Badge>
            </td>
            <td className={ui.mono}>{entry.action}</td>
            <td className={ui.mono}>{entry.targetId ?? "—"}</td>
            <td className={ui.muted}>{entry.environment ?? "organization"}</td>
          </tr>
        )}
      />
    </>
  );
}
