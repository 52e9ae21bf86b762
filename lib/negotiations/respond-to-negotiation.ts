import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import {
  negotiations,
  type TNegotiationResponse,
  type TNegotiationRound,
  type TNegotiationRow,
} from "@/db/schema";
import type { TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { ApiError, conflict } from "@/lib/http/api-error";
import { requireScope } from "@/lib/http/authorize";
import { emitNegotiationEvent } from "./emit-negotiation-event";
import { persistExpiry } from "./expire-negotiation";
import { getNegotiationOrThrow } from "./get-negotiation";
import { acceptancesOf, presentNegotiation } from "./present-negotiation";
import { recordNegotiationSteps } from "./record-step";
import { resolveActingAgent } from "./resolve-acting-agent";
import { resolveTerms } from "./resolve-terms";
import type { TRespondBody } from "./schemas";
import { stepCredentialOf } from "./step-credential";
import { verifyStepSignature } from "./verify-step-signature";

const eventOf = {
  accept: "negotiation.accepted",
  reject: "negotiation.rejected",
  counter: "negotiation.countered",
  cancel: "negotiation.cancelled",
} as const;

const forbidden = (message: string) =>
  new ApiError({ code: "forbidden", message, param: "agentId" });

/**
 * One party's response to the current round. `counter` replaces the terms and opens a new round
 * that its proposer has accepted; the negotiation is accepted once every party accepted the
 * current round. Each party answers a round once; nothing answers a closed negotiation.
 */
export async function respondToNegotiation({
  auth,
  negotiationId,
  input,
}: {
  auth: TAuthContext;
  negotiationId: string;
  input: TRespondBody;
}) {
  const tenant = tenantOf(auth);
  const agentId = await resolveActingAgent({ auth, agentId: input.agentId, param: "agentId" });
  if (input.action === "cancel") requireScope(auth, "negotiation.cancel");

  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    const locked = await getNegotiationOrThrow({ tenant, negotiationId, forUpdate: true }, tx);
    const row = await persistExpiry(tx, { row: locked, now });
    if (row.status !== "open") {
      return { refused: `The negotiation is ${row.status}; it takes no more responses.` };
    }
    if (!row.partyAgentIds.includes(agentId))
      throw forbidden(`Agent ${agentId} is not a party to this negotiation.`);
    if (input.action === "cancel" && agentId !== row.initiatorAgentId)
      throw forbidden("Only the initiator can cancel a negotiation.");
    const current = row.rounds.at(-1)!;
    // Cancelling is not an answer to the round: the initiator may cancel at any time while open.
    if (
      input.action !== "cancel" &&
      (acceptancesOf(current).includes(agentId) ||
        current.responses.some((r) => r.agentId === agentId))
    ) {
      return { refused: `Agent ${agentId} already responded in round ${current.round}.` };
    }
    if (input.round !== undefined && input.round !== current.round) {
      return {
        refused: `This response answers round ${input.round}, but the negotiation is in round ${current.round}; read its current terms and answer again.`,
        param: "round",
      };
    }

    const response: TNegotiationResponse = {
      agentId,
      action: input.action,
      message: input.message ?? null,
      respondedAt: now.toISOString(),
    };
    const answered: TNegotiationRound = { ...current, responses: [...current.responses, response] };
    const rounds = [...row.rounds.slice(0, -1), answered];
    const changes: Partial<TNegotiationRow> = { rounds, updatedAt: now };
    let type: (typeof eventOf)[keyof typeof eventOf] | undefined = eventOf[input.action];
    const proposed =
      input.action === "counter"
        ? resolveTerms({ input: input.terms!, responders: row.responderAgentIds, param: "terms" })
        : null;
    const statement = {
      negotiationId: row.id,
      round: current.round,
      action: input.action,
      terms: proposed ?? current.terms,
      signatures: row.signatures,
    };
    const signature = input.signature
      ? await verifyStepSignature({
          tenant,
          agentId,
          jws: input.signature,
          statement,
          executor: tx,
        })
      : null;

    if (proposed) {
      const terms = proposed;
      rounds.push({
        round: row.round + 1,
        proposedBy: agentId,
        proposedAt: now.toISOString(),
        terms,
        responses: [],
      });
      Object.assign(changes, { terms, round: row.round + 1 });
    } else if (input.action === "accept") {
      const accepted = new Set(acceptancesOf(answered));
      const everyone = row.partyAgentIds.every((party) => accepted.has(party));
      if (everyone) Object.assign(changes, { status: "accepted", closedAt: now });
      else type = undefined;
    } else {
      const status = input.action === "reject" ? "rejected" : "cancelled";
      Object.assign(changes, { status, closedAt: now });
    }

    const [updated] = await tx
      .update(negotiations)
      .set(changes)
      .where(eq(negotiations.id, row.id))
      .returning();
    await recordNegotiationSteps(tx, {
      negotiation: row,
      steps: [
        {
          round: statement.round,
          action: statement.action,
          agentId,
          terms: statement.terms,
          message: response.message,
          credential: stepCredentialOf(auth),
          signature,
        },
      ],
      at: now,
    });
    if (type) await emitNegotiationEvent(tx, { row: updated!, type, now });
    return { negotiation: presentNegotiation(updated!, now) };
  });
  if ("refused" in outcome) throw conflict(outcome.refused!, outcome.param);
  return outcome.negotiation;
}
