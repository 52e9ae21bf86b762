"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { basePaths, type Environment } from "@/lib/environment";
import { consoleFetch, type Page, queryKeys, type TNegotiation } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { NegotiationStatus } from "./status-badges";

export function NegotiationsPage({ environment }: { environment: Environment }) {
  const pager = usePager();
  const negotiations = useQuery({
    queryKey: queryKeys.negotiations(environment, pager.cursor),
    queryFn: () => {
      const query = new URLSearchParams({ environment, limit: "20" });
      if (pager.cursor) query.set("cursor", pager.cursor);
      return consoleFetch<Page<TNegotiation>>(`/api/console/negotiations?${query}`);
    },
    placeholderData: keepPreviousData,
  });
  const page = negotiations.data;
  return (
    <>
      <PageHeader
        title="Negotiations"
        description="Negotiations your agents opened or were invited to, with every round of terms."
      />
      <div className={ui.card}>
        {negotiations.error ? (
          <ErrorState error={negotiations.error} onRetry={() => negotiations.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          <EmptyState
            icon={<NavIcon name="negotiations" />}
            title={`No ${environment} negotiations yet`}
          >
            Agents open them with <code>POST {basePaths[environment]}/negotiations</code>.
          </EmptyState>
        ) : (
          <table className={ui.table} aria-busy={negotiations.isFetching}>
            <thead>
              <tr>
                <th>Negotiation</th>
                <th>Amount</th>
                <th>Round</th>
                <th>Status</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={5} />
              ) : (
                page.data.map((negotiation) => (
                  <tr key={negotiation.id}>
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
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <Pager pager={pager} page={page} placeholder={negotiations.isPlaceholderData} />
    </>
  );
}
