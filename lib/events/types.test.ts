import { describe, expect, it } from "vitest";
import { isSubscribed } from "./matches";
import { eventTypes, ZEventEnvelope, ZEventSubscriptionList, ZEventType } from "./types";

const issuesOf = (value: unknown) => {
  const parsed = ZEventSubscriptionList.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("event types", () => {
  it("lists the 15 types of the contract", () => {
    expect(eventTypes).toHaveLength(15);
    expect(eventTypes[0]).toBe("negotiation.created");
    expect(eventTypes.at(-1)).toBe("agent.deleted");
    expect(ZEventType.safeParse("settlement.executed").success).toBe(true);
  });

  it("names the unsupported type in the message", () => {
    const parsed = ZEventType.safeParse("settlement.exploded");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(
      /^unsupported event type "settlement.exploded"; supported types: negotiation.created, /,
    );
  });
});

describe("ZEventSubscriptionList", () => {
  it("accepts known types and a lone *", () => {
    expect(issuesOf(["*"])).toEqual([]);
    expect(issuesOf(["settlement.executed", "negotiation.accepted"])).toEqual([]);
    expect(issuesOf([...eventTypes])).toEqual([]);
  });

  it("refuses an empty list, repeats, unknown types and * mixed with types", () => {
    expect(issuesOf([])).toEqual(['events must list at least one event type, or "*" for all']);
    expect(issuesOf(["agent.updated", "agent.updated"])).toEqual([
      'event type "agent.updated" is listed more than once',
    ]);
    expect(issuesOf(["agent.updated", "agent.exploded"])[0]).toMatch(
      /^unsupported event type "agent.exploded"; use "\*" or one of:/,
    );
    expect(issuesOf(["*", "agent.updated"])).toEqual([
      '"*" already subscribes to every event type; send it on its own',
    ]);
    expect(issuesOf("*")).toHaveLength(1);
  });
});

describe("isSubscribed", () => {
  it("matches * and listed types only", () => {
    expect(isSubscribed({ events: ["*"], type: "agent.deleted" })).toBe(true);
    expect(isSubscribed({ events: ["agent.deleted"], type: "agent.deleted" })).toBe(true);
    expect(isSubscribed({ events: ["agent.updated"], type: "agent.deleted" })).toBe(false);
  });
});

describe("ZEventEnvelope", () => {
  const envelope = {
    id: "evt-3kT9xQ",
    type: "settlement.executed",
    createdAt: "2026-11-22T18:30:00.000Z",
    environment: "production",
    apiVersion: "v1",
    sequence: 2,
    data: { object: { id: "stl-1" }, receipt: { id: "rcp-1", attestHash: `0x${"0".repeat(64)}` } },
  };

  it("accepts the contract's shape and refuses deviations", () => {
    expect(ZEventEnvelope.safeParse(envelope).success).toBe(true);
    expect(ZEventEnvelope.safeParse({ ...envelope, id: "ev-1" }).success).toBe(false);
    expect(ZEventEnvelope.safeParse({ ...envelope, apiVersion: "v2" }).success).toBe(false);
    expect(ZEventEnvelope.safeParse({ ...envelope, environment: "staging" }).success).toBe(false);
    expect(
      ZEventEnvelope.safeParse({ ...envelope, createdAt: "2026-11-22T18:30:00Z" }).success,
    ).toBe(false);
    expect(ZEventEnvelope.safeParse({ ...envelope, data: {} }).success).toBe(false);
    expect(ZEventEnvelope.safeParse({ ...envelope, sequence: -1 }).success).toBe(false);
  });
});
