"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TPage, type TSettlement } from "../console/api";
import { none } from "../console/detail-list";
import { formatMoney } from "../console/money";
import ui from "../ui/ui.module.css";
import { SettlementStatus } from "./status-badges";

/** The settlement of a negotiation, found with the settlements list's negotiationId filter. */
export function NegotiationSettlement({
  environment,
  negotiationId,
}: {
  environment: TEnvironment;
  negotiationId: string;
}) {
  const found = useQuery({
    queryKey: [...queryKeys.settlements(environment), { negotiationId }],
    queryFn: () =>
      consoleFetch<TPage<TSettlement>>(
        `/api/console/settlements?environment=${environment}&negotiationId=${encodeURIComponent(negotiationId)}&limit=1`,
      ),
  });
  const settlement = found.data?.data[0];
  if (found.isPending) return <span className={ui.muted}>…</span>;
  if (!settlement) return found.error ? found.error.message : none;
  return (
    <Link href={`/console/${environment}/settlements/${settlement.id}`}>
      <span className={ui.mono}>{settlement.id}</span> · {formatMoney(settlement.amount)}{" "}
      <SettlementStatus status={settlement.status} />
    </Link>
  );
}
