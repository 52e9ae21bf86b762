import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
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
              <Link href={`/console/${environment}/agents/${party.agentId}`} className={ui.mono}>
                {party.agentId}
              </Link>
            </td>
            <td>{party.role === "initiator" ? "Pays" : "Receives"}</td>
            <td>{formatMoney({ value: party.amount, currency })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
