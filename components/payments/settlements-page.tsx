"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TSettlement } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { SettlementStatus } from "./status-badges";

export function SettlementsPage({ environment }: { environment: TEnvironment }) {
  const list = usePagedList<TSettlement>({
    queryKey: queryKeys.settlements(environment),
    path: "/api/console/settlements",
    params: { environment },
  });
  return (
    <>
      <PageHeader
        title="Settlements"
        description="Money moving between agents once a negotiation is accepted: its rail, status and reference."
      />
      <PagedTable
        list={list}
        columns={["Settlement", "Amount", "Adapter", "Status", "Created"]}
        empty={
          <EmptyState
            icon={<NavIcon name="settlements" />}
            title={`No ${environment} settlements yet`}
          >
            Create one from an accepted negotiation with{" "}
            <code>POST {basePaths[environment]}/settlements</code>.
          </EmptyState>
        }
        row={(settlement) => (
          <tr>
            <td>
              <Link
                href={`/console/${environment}/settlements/${settlement.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {settlement.id}
              </Link>
              <div className={`${ui.mono} ${ui.muted}`}>{settlement.negotiationId}</div>
            </td>
            <td>{formatMoney(settlement.amount)}</td>
            <td>{settlement.adapter}</td>
            <td>
              <SettlementStatus status={settlement.status} />
            </td>
            <td>
              <Time value={settlement.createdAt} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
