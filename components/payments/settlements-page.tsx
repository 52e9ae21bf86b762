"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TSettlement } from "../console/api";
import { ListFilters, listFilterQuery, type TListFilters } from "../console/list-filters";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { SettlementStatus } from "./status-badges";

type TFilters = TListFilters & { negotiationId: string };
const noFilters: TFilters = { status: "", negotiationId: "", createdAfter: "", createdBefore: "" };

export function SettlementsPage({
  environment,
  statuses,
}: {
  environment: TEnvironment;
  /** The statuses to filter by (from the schema, which the browser does not load). */
  statuses: readonly string[];
}) {
  const { filters, change, list, filtered } = useFilteredList<TSettlement, TFilters>({
    defaults: noFilters,
    toQuery: (current) => listFilterQuery(current, "negotiationId"),
    queryKey: (query) => queryKeys.settlements(environment, query),
    path: "/api/console/settlements",
    environment,
  });
  return (
    <>
      <PageHeader
        title="Settlements"
        description="Money moving between agents once a negotiation is accepted: its rail, status and reference."
      />
      <ListFilters
        filters={filters}
        change={change}
        defaults={noFilters}
        filtered={filtered}
        statuses={statuses}
        idFilter={{ name: "negotiationId", label: "Negotiation", placeholder: "neg-…" }}
      />
      <PagedTable
        list={list}
        columns={["Settlement", "Amount", "Adapter", "Status", "Created"]}
        empty={
          filtered ? (
            <NoMatches things="settlements" icon={<NavIcon name="settlements" />} />
          ) : (
            <EmptyState
              icon={<NavIcon name="settlements" />}
              title={`No ${environment} settlements yet`}
            >
              Create one from an accepted negotiation with{" "}
              <code>POST {basePaths[environment]}/settlements</code>.
            </EmptyState>
          )
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
