import { randomUUID } from "node:crypto";
import {
  AgentSettlementError,
  ApiConnectionError,
  AuthenticationError,
  createClient,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
} from "@agent-settlement/sdk";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createApiKey } from "@/lib/keys/create-key";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
const client = (
  apiKey = tenant.keys.sandbox,
  more: Parameters<typeof createClient>[0] = { apiKey },
) => createClient({ baseUrl: inject("baseUrl"), ...more, apiKey });
/** A fetch that never answers, but gives up when its request's signal aborts (as fetch does). */
const silentFetch = (request: Request) =>
  new Promise<Response>((_, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });

beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant?.remove());

describe("the SDK's errors", () => {
  test("each status throws its own subclass of AgentSettlementError, with the envelope's fields", async () => {
    const missing = await client()
      .agents.get("agent-doesnotexist0000")
      .catch((error) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(AgentSettlementError);
    expect(missing).toMatchObject({ name: "NotFoundError", status: 404, code: "not_found" });
    expect(missing.requestId).toMatch(/^req-/);

    const unknown = await client("sk_test_unknownunknownunknownunknown12")
      .agents.list()
      .catch((error) => error);
    expect(unknown).toBeInstanceOf(AuthenticationError);
    expect(unknown).toMatchObject({ status: 401, code: "unauthorized" });

    const reader = await createApiKey({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      name: "reader",
      scopes: ["agent.read"],
    });
    const forbidden = await client(reader.secret)
      .agents.create({ name: "Nope" })
      .catch((error) => error);
    expect(forbidden).toBeInstanceOf(PermissionError);

    const invalid = await client()
      // @ts-expect-error: a wrong type, as a caller without types might send
      .agents.create({ name: 42 })
      .catch((error) => error);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid).toMatchObject({ status: 400, param: "name" });

    const idempotencyKey = randomUUID();
    await client().agents.create({ name: "First" }, { idempotencyKey });
    const reused = await client()
      .agents.create({ name: "Second" }, { idempotencyKey })
      .catch((error) => error);
    expect(reused).toBeInstanceOf(IdempotencyError);
    expect(reused).toMatchObject({ status: 409 });
  });

  test("a timeout (client or call) and an abort are ApiConnectionErrors, never raw errors", async () => {
    const slow = client(tenant.keys.sandbox, {
      apiKey: tenant.keys.sandbox,
      fetch: silentFetch,
      timeoutMs: 100,
    });
    await expect(slow.agents.list()).rejects.toMatchObject({
      name: "ApiConnectionError",
      status: 0,
      code: "timeout",
    });
    const perCall = client(tenant.keys.sandbox, {
      apiKey: tenant.keys.sandbox,
      fetch: silentFetch,
    });
    const timedOut = await perCall.agents
      .create({ name: "Late" }, { timeoutMs: 100 })
      .catch((error) => error);
    expect(timedOut).toBeInstanceOf(ApiConnectionError);
    expect(timedOut.code).toBe("timeout");
    const controller = new AbortController();
    const pending = perCall.agents.create({ name: "Aborted" }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "ApiConnectionError", code: "aborted" });
    // Reads take the same options: a list's pages and a get.
    const readTimedOut = await perCall.receipts
      .list({}, { timeoutMs: 100 })
      .toArray({ limit: 5 })
      .catch((error) => error);
    expect(readTimedOut).toBeInstanceOf(ApiConnectionError);
    expect(readTimedOut.code).toBe("timeout");
    const readController = new AbortController();
    const read = perCall.agents.get("agt-none", { signal: readController.signal });
    readController.abort();
    await expect(read).rejects.toMatchObject({ name: "ApiConnectionError", code: "aborted" });
  });

  test("attest.checkpoint() answers the signed tree head as JSON", async () => {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    await sealAll();
    const checkpoint = await client().attest.checkpoint();
    expect(checkpoint).toMatchObject({
      treeSize: expect.any(Number),
      note: expect.stringContaining("\n\n— "),
    });
  });
});
