"use client";

import Link from "next/link";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { queryKeys, type TNegotiation } from "../console/api";
import { formatMoney } from "../console/money";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { NegotiationStatus } from "./status-badges";

export function NegotiationsPage({ environment }: { environment: TEnvironment }) {
  const list = usePagedList<TNegotiation>({
    queryKey: queryKeys.negotiations(environment),
    path: "/api/console/negotiations",
    params: { environment },
  });
  return (
    <>
      <PageHeader
        title="Negotiations"
        description="Negotiations your agents opened or were invited to, with every round of terms."
      />
      <PagedTable
        list={list}
        columns={["Negotiation", "Amount", "Round", "Status", "Created"]}
        empty={
          <EmptyState
            icon={<NavIcon name="negotiations" />}
            title={`No ${environment} negotiations yet`}
          >
            Agents open them with <code>POST {basePaths[environment]}/negotiations</code>.
          </EmptyState>
        }
        row={(negotiation) => (
          <tr>
            <td>
              <Link
                href={`/console/${environment}/negotiations/${negotiation.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {negotiation.id}
              </Link>
              <div className={ui.muted}>{negotiation.terms.description ?? ""}</div>
            </td>
            <td>{formatMoney(negotiation.terms.amount)}</td>
            <td>{negotiation.round}</td>
            <td>
              <NegotiationStatus status={negotiation.status} />
            </td>
            <td>
              <Time value={negotiation.createdAt} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
