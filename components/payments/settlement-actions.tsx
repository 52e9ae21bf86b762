"use client";

import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import type { TSettlement } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import { SettlementActionDialog, type TSettlementAction } from "./settlement-action-dialog";

/** Every change a member can make to a settlement; only an executed one can change. */
export function SettlementActions({
  environment,
  settlement,
}: {
  environment: TEnvironment;
  settlement: TSettlement;
}) {
  const [action, setAction] = useState<TSettlementAction | null>(null);
  const canChange = useCanChange();
  if (settlement.status !== "executed" || !canChange) return null;
  return (
    <>
      <Button onClick={() => setAction("dispute")}>Dispute</Button>
      <Button variant="danger" onClick={() => setAction("reverse")}>
        Reverse
      </Button>
      {action ? (
        <SettlementActionDialog
          environment={environment}
          settlement={settlement}
          action={action}
          onClose={() => setAction(null)}
        />
      ) : null}
    </>
  );
}
