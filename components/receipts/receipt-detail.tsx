"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TReceiptDetail } from "../console/api";
import { DetailList, DetailRow } from "../console/detail-list";
import { formatMoney } from "../console/money";
import { PartiesTable } from "../payments/parties-table";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { OfflineVerification } from "./offline-verification";
import { ReceiptStatus } from "./receipt-status";
import styles from "./receipts.module.css";
import { VerifyPanel } from "./verify-panel";

export function ReceiptDetail({
  environment,
  receiptId,
}: {
  environment: TEnvironment;
  receiptId: string;
}) {
  const detail = useQuery({
    queryKey: queryKeys.receipt(environment, receiptId),
    queryFn: () =>
      consoleFetch<TReceiptDetail>(
        `/api/console/receipts/${encodeURIComponent(receiptId)}?environment=${environment}`,
      ),
  });
  const back = <Link href={`/console/${environment}/receipts`}>← Receipts</Link>;
  if (detail.error) {
    const missing = "status" in detail.error && detail.error.status === 404;
    return (
      <>
        <PageHeader title="Receipt" back={back} />
        <div className={ui.card}>
          {missing ? (
            <EmptyState icon="?" title="No such receipt">
              There is no receipt <code>{receiptId}</code> in {environment}.
            </EmptyState>
          ) : (
            <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
          )}
        </div>
      </>
    );
  }
  const data = detail.data;
  const receipt = data?.receipt;
  return (
    <>
      <PageHeader
        back={back}
        title={
          receipt ? (
            <>
              {formatMoney(receipt.amount)} <ReceiptStatus status={receipt.status} />
            </>
          ) : (
            <span className={ui.skeleton} style={{ width: 220, height: 28, display: "block" }} />
          )
        }
        description={<code>{receiptId}</code>}
      />
      {data?.settlement?.reversedAt || data?.settlement?.disputedAt ? (
        <div className={ui.alert} data-testid="settlement-after-receipt">
          The settlement behind this receipt was{" "}
          {data.settlement.reversedAt ? "reversed" : "disputed"}{" "}
          <Time value={(data.settlement.reversedAt ?? data.settlement.disputedAt)!} />
          {data.settlement.reason ? `: ${data.settlement.reason}` : ""}. The receipt still proves
          the payment it records.
        </div>
      ) : null}
      <VerifyPanel environment={environment} receiptId={receiptId} />
      <OfflineVerification environment={environment} receiptId={receiptId} />
      <h2 className={styles.section}>Settlement</h2>
      <div className={ui.card}>
        <DetailList busy={detail.isPending}>
          {receipt ? (
            <>
              <DetailRow label="Settlement">
                <Link
                  href={`/console/${environment}/settlements/${receipt.settlementId}`}
                  className={ui.mono}
                >
                  {receipt.settlementId}
                </Link>
              </DetailRow>
              <DetailRow label="Negotiation">
                <Link
                  href={`/console/${environment}/negotiations/${receipt.negotiationId}`}
                  className={ui.mono}
                >
                  {receipt.negotiationId}
                </Link>
              </DetailRow>
              <DetailRow label="Parties">
                <PartiesTable
                  environment={environment}
                  parties={receipt.parties}
                  currency={receipt.amount.currency}
                />
              </DetailRow>
              <DetailRow label="Adapter">{receipt.adapter}</DetailRow>
              <DetailRow label="External reference">
                <span className={ui.mono}>{receipt.externalRef}</span>{" "}
                <CopyButton value={receipt.externalRef} />
              </DetailRow>
              <DetailRow label="Created">
                <Time value={receipt.createdAt} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <h2 className={styles.section}>Attestation</h2>
      <div className={ui.card}>
        <DetailList busy={detail.isPending}>
          {receipt ? (
            <>
              <DetailRow label="Attest hash">
                <span className={styles.hash} data-testid="attest-hash">
                  {receipt.attest.hash}
                </span>
              </DetailRow>
              <DetailRow label="Algorithm">{receipt.attest.algorithm}</DetailRow>
              <DetailRow label="Policy">{receipt.attest.proof.policySnapshot}</DetailRow>
              <DetailRow label="Deterministic replay">
                {receipt.attest.proof.deterministic ? "Reproduced" : "Not reproduced"}
              </DetailRow>
              <DetailRow label="Status">
                <ReceiptStatus status={receipt.attest.status} />{" "}
                {receipt.attest.verifiedAt ? (
                  <span className={ui.muted}>
                    since <Time value={receipt.attest.verifiedAt} />
                  </span>
                ) : null}
              </DetailRow>
              <DetailRow label="Log inclusion">
                {data.inclusionProof && data.treeHead ? (
                  <>
                    Leaf {data.inclusionProof.leafIndex} of {data.treeHead.treeSize} under{" "}
                    <span className={styles.hash}>{data.treeHead.rootHash}</span>{" "}
                    <span className={ui.muted}>(key {data.treeHead.keyId})</span>
                  </>
                ) : (
                  <span className={ui.muted}>{data.logProblem ?? "Not sealed in the log yet"}</span>
                )}
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <h2 className={styles.section}>Evidence chain</h2>
      <div className={ui.card}>
        {data && data.evidence.length === 0 ? (
          <EmptyState title="No evidence records" />
        ) : (
          <ol className={styles.chain} style={{ padding: "0 20px" }} aria-label="Evidence chain">
            {data?.evidence.map((record, index) => (
              <li key={record.id} data-testid="evidence">
                <strong>
                  {index + 1}. {record.type}
                </strong>{" "}
                <span className={ui.muted}>
                  <Time value={record.createdAt} /> · <code>{record.id}</code>
                </span>
                <div className={styles.hash}>hash {record.hash}</div>
                <div className={`${styles.hash} ${ui.muted}`}>prev {record.previousHash}</div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
