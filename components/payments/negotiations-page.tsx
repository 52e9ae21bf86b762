"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TNegotiation } from "../console/api";
import { ListFilters, listFilterQuery, type TListFilters } from "../console/list-filters";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { NegotiationStatus } from "./status-badges";

type TFilters = TListFilters;
const noFilters: TFilters = { status: "", createdAfter: "", createdBefore: "" };

export function NegotiationsPage({
  environment,
  statuses,
}: {
  environment: TEnvironment;
  /** The statuses to filter by (from the schema, which the browser does not load). */
  statuses: readonly string[];
}) {
  const { filters, change, list, filtered } = useFilteredList<TNegotiation, TFilters>({
    defaults: noFilters,
    toQuery: (current) => listFilterQuery(current),
    queryKey: (query) => queryKeys.negotiations(environment, query),
    path: "/api/console/negotiations",
    environment,
  });
  return (
    <>
      <PageHeader
        title="Negotiations"
        description="Negotiations your agents opened or were invited to, with every round of terms."
      />
      <ListFilters
        filters={filters}
        change={change}
        defaults={noFilters}
        filtered={filtered}
        statuses={statuses}
      />
      <PagedTable
        list={list}
        columns={["Negotiation", "Amount", "Round", "Status", "Created"]}
        empty={
          filtered ? (
            <NoMatches things="negotiations" icon={<NavIcon name="negotiations" />} />
          ) : (
            <EmptyState
              icon={<NavIcon name="negotiations" />}
              title={`No ${environment} negotiations yet`}
            >
              Agents open them with <code>POST {basePaths[environment]}/negotiations</code>.
            </EmptyState>
          )
        }
        row={(negotiation) => (
          <tr>
            <td>
              <Link
                href={`/console/${environment}/negotiations/${negotiation.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {negotiation.id}
              </Link>
              <div className={ui.muted}>{negotiation.terms.description ?? ""}</div>
            </td>
            <td>{formatMoney(negotiation.terms.amount)}</td>
            <td>{negotiation.round}</td>
            <td>
              <NegotiationStatus status={negotiation.status} />
            </td>
            <td>
              <Time value={negotiation.createdAt} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
