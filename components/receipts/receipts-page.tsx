"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TReceiptListItem } from "../console/api";
import { ListFilters, listFilterQuery, type TListFilters } from "../console/list-filters";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { ReceiptStatus } from "./receipt-status";

type TFilters = TListFilters & { settlementId: string };
const noFilters: TFilters = { status: "", settlementId: "", createdAfter: "", createdBefore: "" };

export function ReceiptsPage({ environment }: { environment: TEnvironment }) {
  const { filters, change, list, filtered } = useFilteredList<TReceiptListItem, TFilters>({
    defaults: noFilters,
    toQuery: (current) => listFilterQuery(current, "settlementId"),
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
      <ListFilters
        filters={filters}
        change={change}
        defaults={noFilters}
        filtered={filtered}
        statuses={["pending", "valid", "invalid"]}
        idFilter={{ name: "settlementId", label: "Settlement", placeholder: "stl-…" }}
      />
      <PagedTable
        list={list}
        columns={["Receipt", "Amount", "Settlement", "Status", "Created"]}
        empty={
          filtered ? (
            <NoMatches things="receipts" icon={<NavIcon name="receipts" />} />
          ) : (
            <EmptyState icon={<NavIcon name="receipts" />} title={`No ${environment} receipts yet`}>
              A receipt is issued when a settlement executes:{" "}
              <code>POST {basePaths[environment]}/settlements/:id/execute</code>.
            </EmptyState>
          )
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
