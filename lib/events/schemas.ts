import { z } from "zod";
import { ZListQuery } from "@/lib/http/pagination";
import { eventTypes, ZEventType, ZReceiptReference } from "./types";

export const ZEvent = z
  .object({
    id: z.string().meta({ example: "evt-3kT9xQ7bLm2vN8cD" }),
    type: z.enum(eventTypes),
    createdAt: z.string().meta({ example: "2026-11-22T18:30:00.000Z" }),
    environment: z.enum(["sandbox", "production"]),
    apiVersion: z.literal("v1"),
    sequence: z.number().int().meta({
      description:
        "1, 2, 3, … per object (agent, negotiation, settlement, receipt) as your organization sees it, in the order of the changes: order and de-duplicate on it. 0 on events recorded before sequences existed.",
      example: 3,
    }),
    data: z.object({
      object: z.unknown().meta({ description: "The resource as it was after the change." }),
      receipt: ZReceiptReference.optional().meta({
        description:
          "Settlement events from `settlement.executed` on: the receipt that proves the payment.",
      }),
    }),
  })
  .meta({ id: "Event", description: "The envelope webhooks deliver as the request body." });

export const ZListEventsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    type: ZEventType.optional().meta({ description: "Only events of this type." }),
    objectId: z.string().min(1).max(64).optional().meta({
      description:
        "Only events about this object (`data.object.id`): an agent, negotiation, settlement or receipt.",
      example: "stl-8hR2mK5pQw1xZ7cV",
    }),
  })
  .meta({ id: "ListEventsQuery" });

export const ZEventParams = z.object({
  id: z.string().max(64).meta({ description: "Event id.", example: "evt-3kT9xQ7bLm2vN8cD" }),
});
