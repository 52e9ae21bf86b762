"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TSettlement } from "../console/api";
import { formatMoney } from "../console/money";
import ui from "../ui/ui.module.css";

export type TSettlementAction = "reverse" | "dispute";

const copy: Record<
  TSettlementAction,
  { title: string; what: string; confirm: string; busy: string; reasonRequired: boolean }
> = {
  reverse: {
    title: "Reverse this settlement?",
    what: "moves back from the payees to the payer on its rail. This cannot be undone.",
    confirm: "Reverse settlement",
    busy: "Reversing…",
    reasonRequired: false,
  },
  dispute: {
    title: "Dispute this settlement?",
    what: "is marked disputed: it leaves the settled volume and can no longer be reversed.",
    confirm: "Dispute settlement",
    busy: "Disputing…",
    reasonRequired: true,
  },
};

/** Reverse or dispute, through the same lib functions as POST /v1/settlements/:id/{action}. */
export function SettlementActionDialog({
  environment,
  settlement,
  action,
  onClose,
}: {
  environment: TEnvironment;
  settlement: TSettlement;
  action: TSettlementAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const text = copy[action];
  const trimmed = reason.trim();
  return (
    <ActionDialog
      title={text.title}
      description={
        <>
          {formatMoney(settlement.amount)} {text.what}
        </>
      }
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      variant="danger"
      canConfirm={!text.reasonRequired || trimmed !== ""}
      action={() =>
        consoleFetch<TSettlement>(
          `/api/console/settlements/${encodeURIComponent(settlement.id)}/${action}?environment=${environment}`,
          { method: "POST", body: trimmed === "" ? {} : { reason: trimmed } },
        )
      }
      onDone={(updated) => {
        queryClient.setQueryData(queryKeys.settlement(environment, settlement.id), updated);
        return queryClient.invalidateQueries({ queryKey: queryKeys.settlements(environment) });
      }}
      onClose={onClose}
    >
      <label className={ui.field}>
        <span className={ui.label}>Reason{text.reasonRequired ? "" : " (optional)"}</span>
        <textarea
          className={ui.input}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={2000}
          rows={3}
          required={text.reasonRequired}
        />
      </label>
    </ActionDialog>
  );
}
