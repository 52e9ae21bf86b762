"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { basePaths, type Environment } from "@/lib/environment";
import { consoleFetch, type Page, queryKeys, type TSettlement } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { SettlementStatus } from "./status-badges";

export function SettlementsPage({ environment }: { environment: Environment }) {
  const pager = usePager();
  const settlements = useQuery({
    queryKey: queryKeys.settlements(environment, pager.cursor),
    queryFn: () => {
      const query = new URLSearchParams({ environment, limit: "20" });
      if (pager.cursor) query.set("cursor", pager.cursor);
      return consoleFetch<Page<TSettlement>>(`/api/console/settlements?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const page = settlements.data;
  return (
    <>
      <PageHeader
        title="Settlements"
        description="Money moving between agents once a negotiation is accepted: its rail, status and reference."
      />
      <div className={ui.card}>
        {settlements.error ? (
          <ErrorState error={settlements.error} onRetry={() => settlements.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          <EmptyState
            icon={<NavIcon name="settlements" />}
            title={`No ${environment} settlements yet`}
          >
            Create one from an accepted negotiation with{" "}
            <code>POST {basePaths[environment]}/settlements</code>.
          </EmptyState>
        ) : (
          <table className={ui.table} aria-busy={settlements.isFetching}>
            <thead>
              <tr>
                <th>Settlement</th>
                <th>Amount</th>
                <th>Adapter</th>
                <th>Status</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={5} />
              ) : (
                page.data.map((settlement) => (
                  <tr key={settlement.id}>
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
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <Pager pager={pager} page={page} placeholder={settlements.isPlaceholderData} />
    </>
  );
}
