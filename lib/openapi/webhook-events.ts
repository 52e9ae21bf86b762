import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { ZAgent } from "@/lib/agents/schemas";
import { ZEvent } from "@/lib/events/schemas";
import { eventTypes, type TEventType } from "@/lib/events/types";
import { ZNegotiation } from "@/lib/negotiations/schemas";
import { ZReceiptListItem } from "@/lib/receipts/schemas";
import { ZSettlement } from "@/lib/settlements/schemas";

const ZDeletedAgent = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedAgent" });

/** The resource each event type carries in `data.object`: the same shapes the API answers. */
const objectOf = (type: TEventType): z.ZodType => {
  if (type === "agent.deleted") return ZDeletedAgent;
  if (type.startsWith("agent.")) return ZAgent;
  if (type.startsWith("negotiation.")) return ZNegotiation;
  if (type.startsWith("settlement.")) return ZSettlement;
  return ZReceiptListItem;
};

/** `agent.registered` → `AgentRegisteredEvent`. */
const schemaName = (type: TEventType) =>
  `${type
    .split(".")
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("")}Event`;

/** One envelope schema per event type, discriminated by `type`. */
const eventSchemas = Object.fromEntries(
  eventTypes.map((type) => [
    type,
    ZEvent.extend({
      type: z.literal(type),
      data: z.object({
        object: objectOf(type),
        // Only settlement events name a receipt.
        ...(type.startsWith("settlement.") ? { receipt: ZEvent.shape.data.shape.receipt } : {}),
      }),
    }).meta({ id: schemaName(type), description: `The body of a \`${type}\` delivery.` }),
  ]),
) as unknown as Record<TEventType, z.ZodType>;

/**
 * The OpenAPI 3.1 `webhooks` section: what an endpoint receives for each event type, signed
 * with Standard Webhooks headers.
 */
export const webhookPathItems = (): Record<string, ZodOpenApiPathItemObject> =>
  Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `on${schemaName(type)}`,
          summary: `${type} delivery`,
          description:
            "Signed with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`); verify with `verifyWebhook` from the SDK. Answer 2xx within 10 seconds, or the delivery is retried.",
          security: [],
          requestParams: {
            header: z.object({
              "webhook-id": z.string().meta({ description: "The event id; the same on retries." }),
              "webhook-timestamp": z
                .string()
                .meta({ description: "Unix seconds of this attempt." }),
              "webhook-signature": z
                .string()
                .meta({ description: "One `v1,<signature>` per signing secret, space separated." }),
            }),
          },
          requestBody: {
            required: true,
            content: { "application/json": { schema: eventSchemas[type] } },
          },
          responses: { "200": { description: "Any 2xx acknowledges the delivery." } },
        },
      },
    ]),
  );
