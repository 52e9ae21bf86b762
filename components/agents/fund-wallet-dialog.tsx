"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TWallet } from "../console/api";
import { formatMoney, toMinorUnits } from "../console/money";
import ui from "../ui/ui.module.css";

/** Sandbox test money, as POST /sandbox/v1/agents/:id/wallet/fund; production has no such button. */
export function FundWalletDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState("100.00");
  const [currency, setCurrency] = useState("USD");
  const value = toMinorUnits(amount, currency);
  return (
    <ActionDialog
      title="Add test money"
      description={
        value === null
          ? "Sandbox money moves from the sandbox's funding account into this wallet."
          : `${formatMoney({ value, currency })} moves from the sandbox's funding account into this wallet.`
      }
      confirmLabel="Add money"
      busyLabel="Adding…"
      canConfirm={value !== null}
      action={() =>
        consoleFetch<TWallet>(
          `/api/console/agents/${encodeURIComponent(agentId)}/wallet/fund?environment=sandbox`,
          { method: "POST", body: { amount: { value, currency } } },
        )
      }
      onDone={() =>
        queryClient.invalidateQueries({
          queryKey: queryKeys.agent("sandbox", agentId),
        })
      }
      onClose={onClose}
    >
      <label className={ui.field}>
        <span className={ui.label}>Amount</span>
        <input
          className={ui.input}
          name="amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
      </label>
      <label className={ui.field}>
        <span className={ui.label}>Currency</span>
        <input
          className={ui.input}
          name="currency"
          value={currency}
          onChange={(event) => setCurrency(event.target.value.toUpperCase())}
          maxLength={3}
          required
        />
      </label>
    </ActionDialog>
  );
}
