"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { AgentLink } from "../agents/agent-link";
import { queryKeys, type TNegotiation } from "../console/api";
import { DetailFrame } from "../console/detail-frame";
import { DetailList, DetailRow } from "../console/detail-list";
import { EventsLink } from "../console/events-link";
import { formatMoney } from "../console/money";
import { useDetail } from "../console/use-detail";
import { PageHeader } from "../ui/page-header";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { NegotiationSettlement } from "./negotiation-settlement";
import { PartiesTable } from "./parties-table";
import { NegotiationStatus } from "./status-badges";

export function NegotiationDetail({
  environment,
  negotiationId,
}: {
  environment: TEnvironment;
  negotiationId: string;
}) {
  const negotiation = useDetail<TNegotiation>(
    "negotiations",
    environment,
    negotiationId,
    queryKeys.negotiation(environment, negotiationId),
  );
  const listHref = `/console/${environment}/negotiations`;
  const data = negotiation.data;
  return (
    <DetailFrame
      kind="Negotiation"
      id={negotiationId}
      listHref={listHref}
      listLabel="Negotiations"
      error={negotiation.error}
      onRetry={() => negotiation.refetch()}
    >
      <PageHeader
        back={<Link href={listHref}>← Negotiations</Link>}
        title={
          data ? (
            <>
              {formatMoney(data.terms.amount)} <NegotiationStatus status={data.status} />
            </>
          ) : (
            <span className={ui.skeleton} style={{ width: 220, height: 28, display: "block" }} />
          )
        }
        description={<code>{negotiationId}</code>}
      />
      <div className={ui.card}>
        <DetailList busy={negotiation.isPending}>
          {data ? (
            <>
              <DetailRow label="Parties">
                <PartiesTable
                  environment={environment}
                  parties={data.parties}
                  currency={data.terms.amount.currency}
                />
              </DetailRow>
              <DetailRow label="Terms">{data.terms.description ?? "No description"}</DetailRow>
              <DetailRow label="Accepted by">
                {data.acceptedBy.length
                  ? data.acceptedBy.map((agentId) => (
                      <div key={agentId}>
                        <AgentLink environment={environment} agentId={agentId} />
                      </div>
                    ))
                  : "Nobody yet"}
              </DetailRow>
              <DetailRow label="Expires">
                <Time value={data.expiresAt} />
              </DetailRow>
              <DetailRow label="Closed">
                <Time value={data.closedAt} never="Still open" />
              </DetailRow>
              <DetailRow label="Created">
                <Time value={data.createdAt} />
              </DetailRow>
              <DetailRow label="Settlement">
                <NegotiationSettlement environment={environment} negotiationId={data.id} />
              </DetailRow>
              <DetailRow label="Events">
                <EventsLink environment={environment} objectId={data.id} />
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      <h2 style={{ margin: "24px 0 8px", fontSize: 15 }} id="rounds">
        Rounds
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, the table scrolls here, and keyboard users scroll what they focus */}
      <section className={ui.card} tabIndex={0} aria-labelledby="rounds">
        <table className={ui.table}>
          <thead>
            <tr>
              <th>Round</th>
              <th>Proposed by</th>
              <th>Amount</th>
              <th>Responses</th>
            </tr>
          </thead>
          <tbody>
            {data?.rounds.map((round) => (
              <tr key={round.round}>
                <td>
                  {round.round}
                  <div className={ui.muted}>
                    <Time value={round.proposedAt} />
                  </div>
                </td>
                <td>
                  <AgentLink environment={environment} agentId={round.proposedBy} />
                </td>
                <td>{formatMoney(round.terms.amount)}</td>
                <td>
                  {round.responses.length
                    ? round.responses.map((response) => (
                        <div key={`${response.agentId}-${response.respondedAt}`}>
                          <AgentLink environment={environment} agentId={response.agentId} />{" "}
                          {response.action}
                          {response.message ? ` — “${response.message}”` : ""}
                        </div>
                      ))
                    : "None"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </DetailFrame>
  );
}
