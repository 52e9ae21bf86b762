"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TSettlement } from "../console/api";
import { DetailFrame } from "../console/detail-frame";
import { DetailList, DetailRow, none } from "../console/detail-list";
import { EventsLink } from "../console/events-link";
import { formatMoney } from "../console/money";
import { useDetail } from "../console/use-detail";
import { PageHeader } from "../ui/page-header";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { PartiesTable } from "./parties-table";
import { SettlementActions } from "./settlement-actions";
import { SettlementReceipt } from "./settlement-receipt";
import { SettlementStatus } from "./status-badges";

export function SettlementDetail({
  environment,
  settlementId,
}: {
  environment: TEnvironment;
  settlementId: string;
}) {
  const settlement = useDetail<TSettlement>(
    "settlements",
    environment,
    settlementId,
    queryKeys.settlement(environment, settlementId),
  );
  const listHref = `/console/${environment}/settlements`;
  const data = settlement.data;
  return (
    <DetailFrame
      kind="Settlement"
      id={settlementId}
      listHref={listHref}
      listLabel="Settlements"
      error={settlement.error}
      onRetry={() => settlement.refetch()}
    >
      <PageHeader
        back={<Link href={listHref}>← Settlements</Link>}
        title={
          data ? (
            <>
              {formatMoney(data.amount)} <SettlementStatus status={data.status} />
            </>
          ) : (
            <span className={ui.skeleton} style={{ width: 220, height: 28, display: "block" }} />
          )
        }
        description={<code>{settlementId}</code>}
        actions={data ? <SettlementActions environment={environment} settlement={data} /> : null}
      />
      <div className={ui.card}>
        <DetailList busy={settlement.isPending}>
          {data ? (
            <>
              <DetailRow label="Negotiation">
                <Link
                  href={`/console/${environment}/negotiations/${data.negotiationId}`}
                  className={ui.mono}
                >
                  {data.negotiationId}
                </Link>
              </DetailRow>
              <DetailRow label="Parties">
                <PartiesTable
                  environment={environment}
                  parties={data.parties}
                  currency={data.amount.currency}
                />
              </DetailRow>
              <DetailRow label="Adapter">{data.adapter}</DetailRow>
              <DetailRow label="External reference">
                {data.externalRef ? <span className={ui.mono}>{data.externalRef}</span> : none}
              </DetailRow>
              <DetailRow label="Policy">{data.policyVersion ?? none}</DetailRow>
              {data.failureCode ? (
                <DetailRow label="Failure">
                  <code>{data.failureCode}</code> {data.failureMessage}
                </DetailRow>
              ) : null}
              {data.reason ? <DetailRow label="Reason">{data.reason}</DetailRow> : null}
              <DetailRow label="Created">
                <Time value={data.createdAt} />
              </DetailRow>
              <DetailRow label="Execution started">
                <Time value={data.executionStartedAt} never={data.failedAt ? "Never" : "Not yet"} />
              </DetailRow>
              {data.failedAt && !data.executedAt ? null : (
                <DetailRow label="Executed">
                  <Time value={data.executedAt} never="Not yet" />
                </DetailRow>
              )}
              {data.failedAt ? (
                <DetailRow label="Failed">
                  <Time value={data.failedAt} />
                </DetailRow>
              ) : null}
              {data.reversedAt ? (
                <DetailRow label="Reversed">
                  <Time value={data.reversedAt} />
                </DetailRow>
              ) : null}
              {data.disputedAt ? (
                <DetailRow label="Disputed">
                  <Time value={data.disputedAt} />
                </DetailRow>
              ) : null}
              {data.executedAt ? (
                <DetailRow label="Receipt">
                  <SettlementReceipt environment={environment} settlementId={data.id} />
                </DetailRow>
              ) : null}
              <DetailRow label="Events">
                <EventsLink environment={environment} objectId={data.id} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
    </DetailFrame>
  );
}
