"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TReceiptListItem } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { ReceiptStatus } from "./receipt-status";

type TFilters = {
  status: string;
  settlementId: string;
  createdAfter: string;
  createdBefore: string;
};
const noFilters: TFilters = { status: "", settlementId: "", createdAfter: "", createdBefore: "" };

/** The API's filter parameters: dates (local calendar days) become instants. */
function filterQuery(filters: TFilters): Record<string, string> {
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

export function ReceiptsPage({ environment }: { environment: TEnvironment }) {
  const { filters, change, list, filtered } = useFilteredList<TReceiptListItem, TFilters>({
    defaults: noFilters,
    toQuery: filterQuery,
    queryKey: (query) => queryKeys.receipts(environment, query),
    path: "/api/console/receipts",
    environment,
  });
  return (
    <>
      <PageHeader
        title="Receipts"
        description="Proofs of executed settlements: each one hashes its evidence chain and is sealed in the append-only attest log."
      />
      <form
        className={ui.filters}
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
      <PagedTable
        list={list}
        columns={["Receipt", "Amount", "Settlement", "Status", "Created"]}
        empty={
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
        }
        row={(receipt) => (
          <tr data-testid="receipt-row">
            <td>
              <Link
                href={`/console/${environment}/receipts/${receipt.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {receipt.id}
              </Link>
            </td>
            <td>{formatMoney(receipt.amount)}</td>
            <td>
              <Link
                href={`/console/${environment}/settlements/${receipt.settlementId}`}
                className={ui.mono}
              >
                {receipt.settlementId}
              </Link>
            </td>
            <td>
              <ReceiptStatus status={receipt.status} />
            </td>
            <td>
              <Time value={receipt.createdAt} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
