"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TWallet } from "../console/api";
import { formatMoney } from "../console/money";
import { Pager } from "../console/pager";
import { usePager } from "../console/use-pager";
import { ErrorState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./agents.module.css";

const kindLabels = { fund: "Funding", execute: "Settlement", reverse: "Reversal" } as const;

/** Balances and ledger entries, as GET /v1/agents/:id/wallet. */
export function AgentWallet({
  environment,
  agentId,
}: {
  environment: TEnvironment;
  agentId: string;
}) {
  const pager = usePager();
  const wallet = useQuery({
    queryKey: queryKeys.wallet(environment, agentId, pager.cursor),
    queryFn: () => {
      const search = new URLSearchParams({ environment, limit: "20" });
      if (pager.cursor) search.set("cursor", pager.cursor);
      return consoleFetch<TWallet>(
        `/api/console/agents/${encodeURIComponent(agentId)}/wallet?${search}`,
      );
    },
    placeholderData: keepPreviousData,
  });
  const data = wallet.data;
  return (
    <section aria-labelledby="wallet-title">
      <div className={styles.sectionHeader}>
        <h2 id="wallet-title" className={styles.sectionTitle}>
          Wallet
        </h2>
      </div>
      <div className={ui.card}>
        {wallet.error ? (
          <ErrorState error={wallet.error} onRetry={() => wallet.refetch()} />
        ) : (
          <>
            <div className={styles.balances} data-testid="balances">
              {data?.balances.length === 0 ? (
                <span className={ui.muted}>No money yet.</span>
              ) : (
                data?.balances.map((balance) => (
                  <div key={balance.currency} className={styles.balance}>
                    <span className={ui.muted}>{balance.currency}</span>
                    <strong>
                      {formatMoney({ value: balance.balance, currency: balance.currency })}
                    </strong>
                  </div>
                ))
              )}
            </div>
            {data?.entries.data.length ? (
              <table className={ui.table} aria-busy={wallet.isFetching}>
                <thead>
                  <tr>
                    <th>Entry</th>
                    <th>Amount</th>
                    <th>For</th>
                    <th>When</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.data.map((entry) => (
                    <tr key={entry.id} data-testid="ledger-entry">
                      <td>{kindLabels[entry.kind]}</td>
                      <td>{formatMoney({ value: entry.amount, currency: entry.currency })}</td>
                      <td>
                        {entry.kind === "fund" ? (
                          <span className={`${ui.mono} ${ui.muted}`}>{entry.reference}</span>
                        ) : (
                          <Link
                            href={`/console/${environment}/settlements/${entry.reference}`}
                            className={ui.mono}
                          >
                            {entry.reference}
                          </Link>
                        )}
                      </td>
                      <td>
                        <Time value={entry.createdAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        )}
      </div>
      <Pager pager={pager} page={data?.entries} placeholder={wallet.isPlaceholderData} />
    </section>
  );
}
