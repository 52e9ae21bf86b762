"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TAuditEntry } from "../console/api";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { Badge } from "../ui/badge";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

export function AuditLogPage({ environment }: { environment: TEnvironment }) {
  const list = usePagedList<TAuditEntry>({
    queryKey: queryKeys.audit(),
    path: "/api/console/team/audit",
    params: {},
  });
  return (
    <>
      <PageHeader
        back={<Link href={`/console/${environment}/team`}>← Team</Link>}
        title="Audit log"
        description="Every change made in the console, by whom and when, newest first."
      />
      <PagedTable
        list={list}
        columns={["Time", "Actor", "Action", "Target", "Environment"]}
        label="Audit log entries"
        empty={
          <EmptyState title="Nothing changed yet">
            Changes made in the console appear here.
          </EmptyState>
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
