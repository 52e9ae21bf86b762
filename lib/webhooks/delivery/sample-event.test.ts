import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { ZAgent } from "@/lib/agents/schemas";
import { eventTypes, type TEventType, ZEventEnvelope } from "@/lib/events/types";
import { ZNegotiation } from "@/lib/negotiations/schemas";
import { ZReceiptListItem } from "@/lib/receipts/schemas";
import { ZSettlement } from "@/lib/settlements/schemas";
import { sampleEvent } from "./sample-event";

const resourceOf = (type: TEventType): z.ZodType | undefined => {
  if (type === "agent.deleted") return undefined;
  if (type.startsWith("agent.")) return ZAgent;
  if (type.startsWith("negotiation.")) return ZNegotiation;
  if (type.startsWith("settlement.")) return ZSettlement;
  return ZReceiptListItem;
};

describe("sampleEvent", () => {
  test.each(eventTypes)(
    "%s carries a complete resource of the API's shape, marked test",
    (type) => {
      const event = sampleEvent({
        type,
        environment: "sandbox",
        now: new Date("2026-11-25T10:00:00.000Z"),
      });
      expect(ZEventEnvelope.parse(event).type).toBe(type);
      expect(event.data.object.test).toBe(true);
      const schema = resourceOf(type);
      if (schema) expect(schema.safeParse(event.data.object).error).toBeUndefined();
      else
        expect(event.data.object).toEqual({
          id: expect.stringMatching(/^agent-/),
          deleted: true,
          test: true,
        });
    },
  );

  test("the resource is in the state its event describes", () => {
    const at = new Date("2026-11-25T10:00:00.000Z");
    const failed = sampleEvent({ type: "settlement.failed", environment: "production", now: at });
    expect(failed.data.object).toMatchObject({
      status: "failed",
      failedAt: at.toISOString(),
      executedAt: null,
    });
    expect(failed.data.receipt).toBeUndefined();
    const executed = sampleEvent({ type: "settlement.executed", environment: "sandbox", now: at });
    expect(executed.data.object).toMatchObject({
      status: "executed",
      executedAt: at.toISOString(),
    });
    expect(executed.data.receipt?.attestHash).toMatch(/^0x[0-9a-f]{64}$/);
    const accepted = sampleEvent({ type: "negotiation.accepted", environment: "sandbox", now: at });
    expect(accepted.data.object).toMatchObject({ status: "accepted", closedAt: at.toISOString() });
  });
});
