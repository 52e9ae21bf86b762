import type { TEventType } from "@/lib/events/types";
import { newId } from "@/lib/ids";

/**
 * Example resources for test deliveries: the same shapes the API answers and real events carry,
 * in the state that the event type describes, each marked `test: true` so that a receiver can
 * tell them from real ones.
 */
export type TSampleObject = Record<string, unknown> & { id: string; test: true };

const amount = { value: 12_500, currency: "USD" };

function sampleAgent(type: TEventType, at: string): TSampleObject {
  const id = newId("agent");
  if (type === "agent.deleted") return { id, deleted: true, test: true };
  return {
    id,
    name: "Invoice reconciler",
    description: "Matches supplier invoices to purchase orders.",
    capabilities: ["invoice.reconcile", "payment.request"],
    endpointUrl: "https://agents.example.com/reconciler",
    metadata: { team: "finance" },
    status: "active",
    discoverable: type !== "agent.updated",
    mandate: null,
    createdAt: at,
    updatedAt: at,
    test: true,
  };
}

function sampleNegotiation(type: TEventType, at: string): TSampleObject {
  const initiator = newId("agent");
  const responder = newId("agent");
  const status = (
    {
      "negotiation.created": "open",
      "negotiation.countered": "open",
      "negotiation.accepted": "accepted",
      "negotiation.rejected": "rejected",
      "negotiation.cancelled": "cancelled",
      "negotiation.expired": "expired",
    } as Partial<Record<TEventType, string>>
  )[type];
  const terms = {
    amount,
    splits: [{ agentId: responder, amount: amount.value }],
    description: "Monthly data-enrichment run",
  };
  const response = {
    "negotiation.accepted": "accept",
    "negotiation.rejected": "reject",
    "negotiation.countered": "counter",
    "negotiation.cancelled": "cancel",
  }[type as string];
  return {
    id: newId("negotiation"),
    status,
    initiatorAgentId: initiator,
    responders: [responder],
    parties: [
      { agentId: initiator, role: "initiator", amount: amount.value },
      { agentId: responder, role: "responder", amount: amount.value },
    ],
    terms,
    round: 1,
    signatures: "none",
    acceptedBy: type === "negotiation.accepted" ? [responder] : [],
    rounds: [
      {
        round: 1,
        proposedBy: initiator,
        proposedAt: at,
        terms,
        responses: response
          ? [{ agentId: responder, action: response, message: null, respondedAt: at }]
          : [],
      },
    ],
    metadata: { order: "PO-1042" },
    expiresAt: new Date(Date.parse(at) + 24 * 60 * 60 * 1000).toISOString(),
    closedAt: status === "open" ? null : at,
    createdAt: at,
    updatedAt: at,
    test: true,
  };
}

function sampleSettlement(type: TEventType, at: string): TSampleObject {
  const initiator = newId("agent");
  const responder = newId("agent");
  const status = type === "settlement.created" ? "pending" : type.split(".")[1]!;
  const executed = status !== "pending" && status !== "failed";
  return {
    id: newId("settlement"),
    negotiationId: newId("negotiation"),
    status,
    adapter: "ledger",
    amount,
    parties: [
      { agentId: initiator, role: "initiator", amount: amount.value },
      { agentId: responder, role: "responder", amount: amount.value },
    ],
    externalRef: executed ? "ledger_tx_8f3a21c9" : null,
    policyVersion: "pol-standard@v1",
    failureCode: status === "failed" ? "insufficient_funds" : null,
    failureMessage: status === "failed" ? "The payer's balance does not cover 125.00 USD." : null,
    reason:
      status === "reversed"
        ? "Duplicate payment"
        : status === "disputed"
          ? "Service not delivered"
          : null,
    metadata: { order: "PO-1042" },
    executionStartedAt: status === "pending" ? null : at,
    executedAt: executed ? at : null,
    failedAt: status === "failed" ? at : null,
    reversedAt: status === "reversed" ? at : null,
    disputedAt: status === "disputed" ? at : null,
    createdAt: at,
    updatedAt: at,
    test: true,
  };
}

function sampleReceipt(at: string): TSampleObject {
  return {
    id: newId("receipt"),
    settlementId: newId("settlement"),
    negotiationId: newId("negotiation"),
    amount,
    attestHash: `0x${"3f".repeat(32)}`,
    status: "pending",
    createdAt: at,
    test: true,
  };
}

/** An example `data.object` for an event of `type`. */
export function sampleObject(type: TEventType, at: string): TSampleObject {
  if (type.startsWith("agent.")) return sampleAgent(type, at);
  if (type.startsWith("negotiation.")) return sampleNegotiation(type, at);
  if (type.startsWith("settlement.")) return sampleSettlement(type, at);
  return sampleReceipt(at);
}
