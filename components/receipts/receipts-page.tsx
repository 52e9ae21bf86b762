"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { basePaths, type Environment } from "@/lib/environment";
import { consoleFetch, type Page, queryKeys, type TReceiptListItem } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { ReceiptStatus } from "./receipt-status";
import styles from "./receipts.module.css";

const PAGE_SIZE = 20;
type Filters = {
  status: string;
  settlementId: string;
  createdAfter: string;
  createdBefore: string;
};
const noFilters: Filters = { status: "", settlementId: "", createdAfter: "", createdBefore: "" };

/** The API's filter parameters: dates (local calendar days) become instants. */
function filterQuery(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  if (filters.settlementId.trim()) query.settlementId = filters.settlementId.trim();
  if (filters.createdAfter)
    query.createdAfter = new Date(`${filters.createdAfter}T00:00`).toISOString();
  if (filters.createdBefore) {
    const end = new Date(`${filters.createdBefore}T00:00`);
    end.setDate(end.getDate() + 1);
    query.createdBefore = end.toISOString();
  }
  return query;
}

export function ReceiptsPage({
  environment,
  settlementId,
}: {
  environment: Environment;
  settlementId: string;
}) {
  const pager = usePager();
  const [filters, setFilters] = useState({ ...noFilters, settlementId });
  const query = filterQuery(filters);
  const receipts = useQuery({
    queryKey: queryKeys.receipts(environment, query, pager.cursor),
    queryFn: () => {
      const search = new URLSearchParams({ environment, limit: String(PAGE_SIZE), ...query });
      if (pager.cursor) search.set("cursor", pager.cursor);
      return consoleFetch<Page<TReceiptListItem>>(`/api/console/receipts?${search}`);
    },
    placeholderData: keepPreviousData,
  });
  const change = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    pager.reset();
  };
  const filtered = Object.keys(query).length > 0;
  const page = receipts.data;
  return (
    <>
      <PageHeader
        title="Receipts"
        description="Proofs of executed settlements: each one hashes its evidence chain and is sealed in the append-only attest log."
      />
      <form
        className={styles.filters}
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Status
          <select
            className={ui.input}
            value={filters.status}
            onChange={(event) => change({ status: event.target.value })}
          >
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="valid">Valid</option>
            <option value="invalid">Invalid</option>
          </select>
        </label>
        <label>
          Settlement
          <input
            className={ui.input}
            placeholder="stl-…"
            value={filters.settlementId}
            onChange={(event) => change({ settlementId: event.target.value })}
          />
        </label>
        <label>
          Created from
          <input
            type="date"
            className={ui.input}
            value={filters.createdAfter}
            onChange={(event) => change({ createdAfter: event.target.value })}
          />
        </label>
        <label>
          Created to
          <input
            type="date"
            className={ui.input}
            value={filters.createdBefore}
            onChange={(event) => change({ createdBefore: event.target.value })}
          />
        </label>
        {filtered ? (
          <button type="button" className={ui.button} onClick={() => change(noFilters)}>
            Clear filters
          </button>
        ) : null}
      </form>
      <div className={ui.card}>
        {receipts.error ? (
          <ErrorState error={receipts.error} onRetry={() => receipts.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          <EmptyState
            icon={<NavIcon name="receipts" />}
            title={filtered ? "No receipts match these filters" : `No ${environment} receipts yet`}
          >
            {filtered ? (
              "Change or clear the filters."
            ) : (
              <>
                A receipt is issued when a settlement executes:{" "}
                <code>POST {basePaths[environment]}/settlements/:id/execute</code>.
              </>
            )}
          </EmptyState>
        ) : (
          <table className={ui.table} aria-busy={receipts.isFetching}>
            <thead>
              <tr>
                <th>Receipt</th>
                <th>Amount</th>
                <th>Settlement</th>
                <th>Status</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={5} />
              ) : (
                page.data.map((receipt) => (
                  <tr key={receipt.id} data-testid="receipt-row">
                    <td>
                      <Link
                        href={`/console/${environment}/receipts/${receipt.id}`}
                        className={`${ui.rowLink} ${ui.mono}`}
                      >
                        {receipt.id}
                      </Link>
                    </td>
                    <td>{formatMoney(receipt.amount)}</td>
                    <td className={ui.mono}>{receipt.settlementId}</td>
                    <td>
                      <ReceiptStatus status={receipt.status} />
                    </td>
                    <td>
                      <Time value={receipt.createdAt} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <Pager pager={pager} page={page} placeholder={receipts.isPlaceholderData} />
    </>
  );
}
