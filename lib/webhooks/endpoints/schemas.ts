import { z } from "zod";
import { webhookDeliveryStatuses, webhookEndpointStatuses } from "@/db/schema";
import { ZEventSubscriptionList, ZEventType } from "@/lib/events/types";
import { ZListQuery } from "@/lib/http/pagination";
import { ZTimeInput } from "@/lib/http/time-input";
import { rollOverlaps } from "@/lib/keys/roll-overlaps";
import { maxWebhookUrlLength } from "@/lib/webhooks/url-safety/url-safety";
import { decodeWebhookSecret } from "./secret";

/** A signing secret as a client supplies it on creation. */
export const ZWebhookSecret = z
  .string({ error: "secret must be a string" })
  .superRefine((secret, ctx) => {
    const decoded = decodeWebhookSecret(secret);
    if (!decoded.ok) {
      ctx.addIssue({ code: "custom", message: decoded.message });
    }
  });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export const ZWebhookId = z
  .string()
  .max(64)
  .meta({ description: "Webhook endpoint id.", example: "wh-7Hc2pQ9sLm4vX1aZ" });

export const ZDeliveryId = z
  .string()
  .max(64)
  .meta({ description: "Delivery id.", example: "dlv-2Jd8kR5tNw0yB3cE" });

const ZUrl = z.string().min(1).max(maxWebhookUrlLength).meta({
  description:
    "Delivery URL. Production: https only, and the host may not resolve to a loopback, private, link-local or cloud-metadata address.",
  example: "https://hooks.example.com/agent-settlement",
});

const ZEvents = ZEventSubscriptionList.meta({
  description: 'Event types to deliver, or `["*"]` for every type (including ones added later).',
  example: ["settlement.executed", "negotiation.accepted"],
});

const ZStatus = z.enum(webhookEndpointStatuses, {
  error: (issue) => `status must be "active" or "disabled", not ${JSON.stringify(issue.input)}`,
});

const ZDescription = z
  .string()
  .max(500)
  .meta({ description: "A note for your team: what the endpoint is for.", example: "Ledger sync" });

const ZSecret = ZWebhookSecret.meta({
  description:
    "Signing secret: `whsec_` followed by base64 of 24 to 64 bytes (used as the decoded bytes), or any other text of 24 to 256 characters (used as its UTF-8 bytes). Never returned.",
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
});

const overlapNames = Object.keys(rollOverlaps) as [keyof typeof rollOverlaps];

export const ZCreateWebhookBody = z
  .strictObject({
    url: ZUrl,
    events: ZEvents,
    secret: ZSecret,
    description: ZDescription.optional(),
  })
  .meta({ id: "CreateWebhookRequest" });

export const ZUpdateWebhookBody = z
  .strictObject({
    url: ZUrl.optional(),
    events: ZEvents.optional(),
    status: ZStatus.optional().meta({
      description: "`disabled` stops deliveries; `active` resumes them.",
    }),
    description: ZDescription.nullable()
      .optional()
      .meta({ description: "A note for your team: what the endpoint is for; null removes it." }),
    secret: ZSecret.optional().meta({
      description:
        "A new signing secret (rotation). The old one keeps signing for `secretOverlap`.",
    }),
    secretOverlap: z.enum(overlapNames).optional().meta({
      description:
        "With `secret`: how long deliveries stay signed with the old secret as well (default 24h).",
    }),
  })
  .meta({ id: "UpdateWebhookRequest" });

export const ZTestWebhookBody = z
  .strictObject({
    eventType: ZEventType.optional().meta({
      description:
        "Type of the sample event; one the endpoint subscribes to. Default: its first subscribed type (`settlement.executed` for `*`).",
      example: "settlement.executed",
    }),
  })
  .meta({ id: "TestWebhookRequest" });

const ZTimestamp = z.string().meta({ example: "2026-11-22T18:30:00.000Z" });
const ZLatency = z.string().meta({ description: "Milliseconds, form `<n>ms`.", example: "142ms" });
const ZSuccessRate = z.number().nullable().meta({
  description: "Percentage of delivery attempts answered with a 2xx; null before the first one.",
  example: 99.5,
});

export const ZWebhookCreated = z
  .object({
    id: ZWebhookId,
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(webhookEndpointStatuses),
    createdAt: ZTimestamp,
  })
  .meta({ id: "WebhookCreated" });

export const ZWebhookListItem = z
  .object({
    id: ZWebhookId,
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(webhookEndpointStatuses),
    successRate: ZSuccessRate,
    lastDeliveredAt: ZTimestamp.nullable(),
  })
  .meta({ id: "WebhookListItem" });

export const ZWebhookStats = z
  .object({
    totalDeliveries: z.number().int().meta({ description: "Delivery attempts made." }),
    successRate: ZSuccessRate,
    averageLatency: ZLatency.nullable(),
    lastDeliveredAt: ZTimestamp.nullable(),
  })
  .meta({ id: "WebhookStats" });

export const ZWebhook = z
  .object({
    id: ZWebhookId,
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(webhookEndpointStatuses),
    description: z.string().nullable(),
    stats: ZWebhookStats,
    createdAt: ZTimestamp,
  })
  .meta({ id: "Webhook" });

export const ZWebhookUpdated = z
  .object({
    id: ZWebhookId,
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(webhookEndpointStatuses),
    updatedAt: ZTimestamp,
  })
  .meta({ id: "WebhookUpdated" });

export const ZWebhookTestResult = z
  .object({
    webhookId: ZWebhookId,
    testDelivery: z.object({
      id: ZDeliveryId.meta({
        description: "The test delivery in the endpoint's delivery log, with its attempt.",
      }),
      status: z.literal("delivered"),
      responseCode: z.number().int(),
      latency: ZLatency,
      signatureValid: z.boolean(),
    }),
    sentAt: ZTimestamp,
  })
  .meta({ id: "WebhookTestResult" });

export const ZWebhookDelivery = z
  .object({
    id: ZDeliveryId,
    webhookId: ZWebhookId,
    eventId: z.string().nullable().meta({ description: "null for a test delivery." }),
    eventType: z.string(),
    test: z.boolean().meta({
      description:
        "A sample event sent by the test endpoint call or the console's send test event; it is not an event of the account and is never sent again.",
    }),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int().meta({ description: "Attempts made so far." }),
    responseCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "HTTP status of the last attempt." }),
    latency: ZLatency.nullable().meta({ description: "Duration of the last attempt." }),
    error: z.string().nullable().meta({ description: "Why the last attempt failed." }),
    nextAttemptAt: ZTimestamp.nullable(),
    lastAttemptAt: ZTimestamp.nullable(),
    deliveredAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: "WebhookDelivery" });

export const ZListWebhooksQuery = z.strictObject({ ...ZListQuery.shape }).meta({
  id: "ListWebhooksQuery",
});

const ZHeaders = z.record(z.string(), z.string());

export const ZWebhookAttempt = z
  .object({
    attempt: z.number().int().meta({ description: "From 1; a manual retry continues the count." }),
    status: z.enum(["in_flight", "succeeded", "failed"]),
    startedAt: ZTimestamp,
    finishedAt: ZTimestamp.nullable(),
    responseCode: z.number().int().nullable(),
    latency: ZLatency.nullable(),
    error: z.string().nullable().meta({
      description: "Why it failed: the status, a timeout, a refused URL or a connection error.",
    }),
    request: z
      .object({ headers: ZHeaders, body: z.string() })
      .nullable()
      .meta({ description: "Headers and the first 16 KiB of the body sent." }),
    response: z
      .object({ headers: ZHeaders, body: z.string() })
      .nullable()
      .meta({ description: "The answer's headers and first 4 KiB of its body, when it answered." }),
  })
  .meta({ id: "WebhookAttempt" });

export const ZWebhookAttemptList = z
  .object({ data: z.array(ZWebhookAttempt) })
  .meta({ id: "WebhookAttemptList" });

export const ZRetryFailedDeliveriesBody = z.strictObject({
  since: ZTimeInput.meta({
    description: "Every failed delivery created at or after this time is sent again.",
    example: "2026-11-22T18:30:00.000Z",
  }),
});

export const ZListDeliveriesQuery = z
  .strictObject({
    ...ZListQuery.shape,
    status: z
      .enum(webhookDeliveryStatuses)
      .optional()
      .meta({ description: "Only deliveries in this status." }),
    eventType: ZEventType.optional().meta({ description: "Only deliveries of this event type." }),
  })
  .meta({ id: "ListWebhookDeliveriesQuery" });

export const ZWebhookParams = z.object({ id: ZWebhookId });
export const ZDeliveryParams = z.object({ id: ZWebhookId, deliveryId: ZDeliveryId });

export type TCreateWebhookBody = z.infer<typeof ZCreateWebhookBody>;
export type TUpdateWebhookBody = z.infer<typeof ZUpdateWebhookBody>;
export type TWebhookStats = z.infer<typeof ZWebhookStats>;
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;
