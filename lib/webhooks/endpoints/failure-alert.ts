import { and, count, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";
import { config } from "@/config";
import { configuredOrigin } from "@/config/public-origin";
import { db, type TExecutor } from "@/db/client";
import { memberships, organizations, users, webhookAttempts, webhookEndpoints } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { sendMail } from "@/lib/mail/send-mail";
import { endpointFailing } from "./jobs";

/** Failed attempts in a row after which the organization is mailed. */
export const FAILURES_BEFORE_ALERT = 3;

/**
 * After a failed attempt, in its transaction: once the endpoint's current run of failures
 * (since `failingSince`) holds FAILURES_BEFORE_ALERT attempts, requests the alert mail, once
 * per run (a success, or enabling the endpoint again, starts a new run).
 */
export async function noteFailingEndpoint(
  tx: TExecutor,
  endpointId: string,
  failingSince: Date | null,
): Promise<void> {
  if (!failingSince) return;
  const [failures] = await tx
    .select({ n: count() })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.endpointId, endpointId),
        eq(webhookAttempts.succeeded, false),
        gte(webhookAttempts.startedAt, failingSince),
      ),
    );
  if ((failures?.n ?? 0) < FAILURES_BEFORE_ALERT) return;
  const [marked] = await tx
    .update(webhookEndpoints)
    .set({ failureAlertedAt: new Date() })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        or(
          isNull(webhookEndpoints.failureAlertedAt),
          lt(webhookEndpoints.failureAlertedAt, failingSince),
        ),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  if (marked) {
    await enqueueJob(tx, {
      name: endpointFailing,
      data: { endpointId, failingSince: failingSince.toISOString() },
    });
  }
}

/**
 * The alert itself (the endpoint-failing job): one mail to the organization's owners and
 * developers with the endpoint, since when it fails, how often, and its last error.
 */
export async function mailFailingEndpoint({
  endpointId,
  failingSince,
}: {
  endpointId: string;
  failingSince: string;
}) {
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      environment: webhookEndpoints.environment,
      organizationId: webhookEndpoints.organizationId,
      organization: organizations.name,
    })
    .from(webhookEndpoints)
    .innerJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.deletedAt)));
  if (!endpoint) return { mailed: 0 };
  const recipients = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, endpoint.organizationId),
        inArray(memberships.role, ["owner", "developer"]),
      ),
    );
  if (recipients.length === 0) return { mailed: 0 };
  const attempts = await db
    .select({ error: webhookAttempts.error, responseCode: webhookAttempts.responseCode })
    .from(webhookAttempts)
    .where(
      and(
        eq(webhookAttempts.endpointId, endpointId),
        eq(webhookAttempts.succeeded, false),
        gte(webhookAttempts.startedAt, new Date(failingSince)),
      ),
    )
    .orderBy(webhookAttempts.startedAt);
  const last = attempts.at(-1);
  const origin = configuredOrigin(config());
  await sendMail({
    to: recipients.map((recipient) => recipient.email).join(", "),
    subject: `Webhook endpoint failing: ${endpoint.url}`,
    text: [
      `Deliveries to ${endpoint.url} (${endpoint.environment}, ${endpoint.organization}) fail since ${failingSince}: ${attempts.length} failed attempts so far.`,
      `The last one: ${last?.responseCode ? `HTTP ${last.responseCode}` : (last?.error ?? "no answer")}.`,
      "",
      "Deliveries are retried. An endpoint whose every delivery fails for 5 days is disabled.",
      ...(origin ? ["", `${origin}/console/${endpoint.environment}/webhooks/${endpointId}`] : []),
    ].join("\n"),
  });
  return { mailed: recipients.length };
}
