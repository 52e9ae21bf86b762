"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TPage, type TReceiptListItem } from "../console/api";
import ui from "../ui/ui.module.css";

/** The receipt of an executed settlement, found with the receipts list's settlementId filter. */
export function SettlementReceipt({
  environment,
  settlementId,
}: {
  environment: TEnvironment;
  settlementId: string;
}) {
  const filters = { settlementId, limit: "1" };
  const found = useQuery({
    queryKey: queryKeys.receipts(environment, filters),
    queryFn: () =>
      consoleFetch<TPage<TReceiptListItem>>(
        `/api/console/receipts?${new URLSearchParams({ environment, ...filters })}`,
      ),
  });
  const receipt = found.data?.data[0];
  if (found.isPending) return <span className={ui.muted}>…</span>;
  if (found.error) return found.error.message;
  if (!receipt) return <span className={ui.muted}>Being issued</span>;
  return (
    <Link href={`/console/${environment}/receipts/${receipt.id}`} className={ui.mono}>
      {receipt.id}
    </Link>
  );
}
