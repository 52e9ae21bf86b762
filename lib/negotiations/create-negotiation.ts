import { and, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { agents, negotiationParties, negotiations } from "@/db/schema";
import type { TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { ApiError, conflict, invalid } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { emitNegotiationEvent } from "./emit-negotiation-event";
import { negotiationExpiryRequested } from "./jobs";
import { presentNegotiation } from "./present-negotiation";
import { recordNegotiationSteps } from "./record-step";
import { resolveActingAgent } from "./resolve-acting-agent";
import { resolveTerms } from "./resolve-terms";
import type { TCreateNegotiationBody } from "./schemas";
import { stepCredentialOf } from "./step-credential";
import { verifyStepSignature } from "./verify-step-signature";

const defaultLifetimeMs = 24 * 60 * 60 * 1000;
const maxLifetimeMs = 30 * 24 * 60 * 60 * 1000;

function expiryOf(expiresAt: string | undefined, now: Date): Date {
  if (!expiresAt) return new Date(now.getTime() + defaultLifetimeMs);
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw invalid("expiresAt must be in the future.", "expiresAt");
  if (at.getTime() - now.getTime() > maxLifetimeMs)
    throw invalid("expiresAt can be at most 30 days ahead.", "expiresAt");
  return at;
}

/**
 * Opens a negotiation: the initiator (one of the caller's agents) proposes terms to responders
 * of any organization that it can see (its own agents and discoverable ones), and implicitly
 * accepts them, signed when it sends a signature of the proposal. The expiry job is enqueued in
 * the same transaction.
 */
export async function createNegotiation({
  auth,
  input,
}: {
  auth: TAuthContext;
  input: TCreateNegotiationBody;
}) {
  const tenant = tenantOf(auth);
  const now = new Date();
  const initiatorAgentId = await resolveActingAgent({
    auth,
    agentId: input.initiatorAgentId,
    param: "initiatorAgentId",
  });
  const expiresAt = expiryOf(input.expiresAt, now);
  if (input.responders.includes(initiatorAgentId))
    throw invalid("The initiator cannot also be a responder.", "responders");
  const terms = resolveTerms({ input: input.terms, responders: input.responders, param: "terms" });
  const id = input.id ?? newId("negotiation");
  const signatures = input.signatures ?? "none";

  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(agents)
      .where(
        and(
          inArray(agents.id, [initiatorAgentId, ...input.responders]),
          eq(agents.environment, tenant.environment),
          isNull(agents.deletedAt),
        ),
      )
      .for("share");
    const byId = new Map(found.map((agent) => [agent.id, agent]));
    const initiator = byId.get(initiatorAgentId);
    if (!initiator || initiator.organizationId !== tenant.organizationId)
      throw notFoundParam("agent", initiatorAgentId, "initiatorAgentId");
    if (initiator.status !== "active")
      throw conflict(`Agent ${initiatorAgentId} is suspended.`, "initiatorAgentId");
    const responderOrganizations = input.responders.map((agentId, index) => {
      const agent = byId.get(agentId);
      const visible =
        agent && (agent.organizationId === tenant.organizationId || agent.discoverable);
      if (!visible) throw notFoundParam("agent", agentId, `responders.${index}`);
      if (agent.status !== "active")
        throw conflict(`Agent ${agentId} is suspended.`, `responders.${index}`);
      return agent.organizationId;
    });

    const signature = input.signature
      ? await verifyStepSignature({
          tenant,
          agentId: initiatorAgentId,
          jws: input.signature,
          statement: { negotiationId: id, round: 1, action: "propose", terms, signatures },
          executor: tx,
        })
      : null;
    const [row] = await tx
      .insert(negotiations)
      .values({
        id,
        signatures,
        organizationId: tenant.organizationId,
        environment: tenant.environment,
        initiatorAgentId,
        responderAgentIds: input.responders,
        partyAgentIds: [initiatorAgentId, ...input.responders],
        partyOrganizationIds: [...new Set([tenant.organizationId, ...responderOrganizations])],
        terms,
        rounds: [
          {
            round: 1,
            proposedBy: initiatorAgentId,
            proposedAt: now.toISOString(),
            terms,
            responses: [],
          },
        ],
        metadata: input.metadata ?? {},
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: negotiations.id })
      .returning();
    if (!row) throw conflict(`The negotiation id ${id} is already taken.`, "id");
    await tx.insert(negotiationParties).values(
      row!.partyOrganizationIds.map((organizationId) => ({
        organizationId,
        environment: row!.environment,
        createdAt: row!.createdAt,
        negotiationId: row!.id,
      })),
    );
    await recordNegotiationSteps(tx, {
      negotiation: row!,
      steps: [
        {
          round: 1,
          action: "propose",
          agentId: initiatorAgentId,
          terms,
          message: null,
          credential: stepCredentialOf(auth),
          signature,
          ...(signatures === "none" ? {} : { signatures }),
        },
      ],
      at: now,
      opened: true,
    });
    await emitNegotiationEvent(tx, { row: row!, type: "negotiation.created", now });
    await enqueueJob(tx, {
      name: negotiationExpiryRequested,
      data: { negotiationId: row!.id, expiresAt: expiresAt.toISOString() },
    });
    return presentNegotiation(row!, now);
  });
}

const notFoundParam = (what: string, id: string, param: string) =>
  new ApiError({ code: "not_found", message: `No ${what} with id '${id}'.`, param });
