import type { TEnvironment } from "@/lib/environment";
import { AgentLink } from "../agents/agent-link";
import type { TSettlement } from "../console/api";
import { formatMoney } from "../console/money";
import ui from "../ui/ui.module.css";

/** Who pays and who receives; an agent of another organization links to a "no such agent" page. */
export function PartiesTable({
  environment,
  parties,
  currency,
}: {
  environment: TEnvironment;
  parties: TSettlement["parties"];
  currency: string;
}) {
  return (
    <table className={ui.table}>
      <tbody>
        {parties.map((party) => (
          <tr key={party.agentId} data-testid="party">
            <td>
              <AgentLink environment={environment} agentId={party.agentId} />
            </td>
            <td>{party.role === "initiator" ? "Pays" : "Receives"}</td>
            <td>{formatMoney({ value: party.amount, currency })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
