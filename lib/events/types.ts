import { z } from "zod";
import { environmentEnum } from "@/db/schema/_columns";

/** Every event type the service emits (contract.md, "Webhooks and events"). */
export const eventTypes = [
  "negotiation.created",
  "negotiation.accepted",
  "negotiation.rejected",
  "negotiation.countered",
  "negotiation.cancelled",
  "negotiation.expired",
  "settlement.created",
  "settlement.executed",
  "settlement.failed",
  "settlement.reversed",
  "settlement.disputed",
  "receipt.created",
  "agent.registered",
  "agent.updated",
  "agent.deleted",
] as const;

/** Subscribes an endpoint to every event type, including ones added later. */
export const allEvents = "*";

export const ZEventType = z.enum(eventTypes, {
  error: (issue) =>
    `unsupported event type ${JSON.stringify(issue.input)}; supported types: ${eventTypes.join(", ")}`,
});
export type TEventType = z.infer<typeof ZEventType>;

export const ZEventSubscription = z.union([z.literal(allEvents), ZEventType], {
  error: (issue) =>
    `unsupported event type ${JSON.stringify(issue.input)}; use "*" or one of: ${eventTypes.join(", ")}`,
});
export type TEventSubscription = z.infer<typeof ZEventSubscription>;

/** An endpoint's `events`: non-empty, no repeats, `"*"` only on its own. */
export const ZEventSubscriptionList = z
  .array(ZEventSubscription)
  .min(1, 'events must list at least one event type, or "*" for all')
  .max(eventTypes.length, `events can list at most ${eventTypes.length} event types`)
  .superRefine((events, ctx) => {
    const seen = new Set<string>();
    events.forEach((type, index) => {
      if (seen.has(type)) {
        ctx.addIssue({
          code: "custom",
          message: `event type "${type}" is listed more than once`,
          path: [index],
        });
      }
      seen.add(type);
    });
    if (seen.has(allEvents) && events.length > 1) {
      ctx.addIssue({
        code: "custom",
        message: '"*" already subscribes to every event type; send it on its own',
      });
    }
  });
export type TEventSubscriptionList = z.infer<typeof ZEventSubscriptionList>;

export const ZEnvironment = z.enum(environmentEnum.enumValues);

export const ZEventId = z.string().regex(/^evt-[A-Za-z0-9_-]+$/, "event ids have the form evt-…");

/** The receipt a settlement event names once the settlement executed. */
export const ZReceiptReference = z.object({ id: z.string(), attestHash: z.string() });
export type TReceiptReference = z.infer<typeof ZReceiptReference>;

/** What a webhook endpoint receives as the request body. */
export const ZEventEnvelope = z.object({
  id: ZEventId,
  type: ZEventType,
  createdAt: z.iso.datetime({ precision: 3 }),
  environment: ZEnvironment,
  apiVersion: z.literal("v1"),
  sequence: z.number().int().nonnegative(),
  data: z.object({
    object: z.unknown(),
    receipt: ZReceiptReference.optional(),
  }),
});
export type TEventEnvelope<TObject = unknown> = Omit<z.infer<typeof ZEventEnvelope>, "data"> & {
  data: { object: TObject; receipt?: TReceiptReference };
};
