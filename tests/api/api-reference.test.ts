import { createClient } from "@agent-settlement/sdk";
import { describe, expect, inject, test } from "vitest";
import { sdkCalls } from "@/app/docs/api/sdk-calls";
import { allOperations } from "@/lib/openapi/operations";
import { call } from "../support/api";

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

describe("the API reference at /docs/api", () => {
  test("shows each operation with curl and the SDK side by side, and its answer", async () => {
    const response = await fetch(`${inject("baseUrl")}/docs/api`);
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain('curl -X POST "$BASE/sandbox/v1/agents"');
    expect(html).toContain(`-d '{"name":"Translator"}'`);
    expect(html).toContain("const result = await client.agents.create(");
    expect(html).toContain(
      'const result = await client.settlements.executeAndWait("stl-9bX2kQ7fT1cZ0aWm");',
    );
    expect(html).toContain("Answer 201");
    for (const section of ["Webhook signatures", "Receipt format"]) expect(html).toContain(section);
    expect(html).toContain('webhook-id + "." + webhook-timestamp');
  });

  test("the OpenAPI document types every event payload and carries examples", async () => {
    const document = (await call("GET", "/v1/openapi.json")).body;
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        "agent.deleted",
        "agent.registered",
        "agent.updated",
        "negotiation.accepted",
        "negotiation.cancelled",
        "negotiation.countered",
        "negotiation.created",
        "negotiation.expired",
        "negotiation.rejected",
        "receipt.created",
        "settlement.created",
        "settlement.disputed",
        "settlement.executed",
        "settlement.failed",
        "settlement.reversed",
      ].sort(),
    );
    const executed = document.webhooks["settlement.executed"].post.requestBody.content;
    expect(executed["application/json"].schema).toEqual({
      $ref: "#/components/schemas/SettlementExecutedEvent",
    });
    const create = document.paths["/agents"].post;
    expect(create.requestBody.content["application/json"].example).toEqual({ name: "Translator" });
    expect(create.responses["201"].headers).toHaveProperty("Request-Id");
    expect(document.paths["/settlements/{id}/execute"].post.requestBody.required).toBe(false);
  });

  test("every operation but the log's byte tiles has an SDK method, and it exists", () => {
    const client = createClient({ apiKey: "sk_test_unused", baseUrl: inject("baseUrl") });
    const missing = allOperations
      .map((operation) => operation.operationId)
      .filter((id) => !sdkCalls[id]);
    expect(missing).toEqual(["getLogTile"]);
    for (const { method } of Object.values(sdkCalls)) {
      // "agents.get" is a resource's method; "me" is the client's own.
      const found = method
        .split(".")
        .reduce<unknown>((on, name) => (on as Record<string, unknown> | undefined)?.[name], client);
      expect(typeof found, method).toBe("function");
    }
  });
});
