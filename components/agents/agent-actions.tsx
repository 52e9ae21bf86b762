"use client";

import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import type { TAgent } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import { AgentStatusDialog } from "./agent-status-dialog";
import { DeleteAgentDialog } from "./delete-agent-dialog";
import { EditAgentDialog } from "./edit-agent-dialog";
import { FundWalletDialog } from "./fund-wallet-dialog";

type TAgentAction = "edit" | "status" | "delete" | "fund";

/** Every change a member can make to an agent, in one place; test money only in sandbox. */
export function AgentActions({ environment, agent }: { environment: TEnvironment; agent: TAgent }) {
  const [action, setAction] = useState<TAgentAction | null>(null);
  const canChange = useCanChange();
  const close = () => setAction(null);
  if (!canChange) return null;
  return (
    <>
      {environment === "sandbox" ? (
        <Button onClick={() => setAction("fund")}>Add test money</Button>
      ) : null}
      <Button onClick={() => setAction("edit")}>Edit</Button>
      <Button onClick={() => setAction("status")}>
        {agent.status === "active" ? "Suspend" : "Resume"}
      </Button>
      <Button variant="danger" onClick={() => setAction("delete")}>
        Delete
      </Button>
      {action === "edit" ? (
        <EditAgentDialog environment={environment} agent={agent} onClose={close} />
      ) : null}
      {action === "status" ? (
        <AgentStatusDialog environment={environment} agent={agent} onClose={close} />
      ) : null}
      {action === "fund" ? <FundWalletDialog agentId={agent.id} onClose={close} /> : null}
      {action === "delete" ? (
        <DeleteAgentDialog environment={environment} agent={agent} onClose={close} />
      ) : null}
    </>
  );
}
