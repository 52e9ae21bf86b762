import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { call, eventually } from "../support/api";
import { consoleCall, removeMembers, sandboxKeyFor } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { agentOf, pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { answer, startReceiver, type TReceiver } from "../support/receiver";

const secret = `whsec_${Buffer.from("a".repeat(32)).toString("base64")}`;

let owner: TMember;
let stranger: TMember;
let failing: TReceiver;
let ok: TReceiver;
beforeAll(async () => {
  [owner, stranger, failing, ok] = await Promise.all([
    signedUpMember(),
    signedUpMember(),
    startReceiver({ handler: answer(503) }),
    startReceiver({ handler: answer(200) }),
  ]);
});
afterAll(async () => {
  await removeMembers([owner, stranger]);
  await Promise.all([failing?.close(), ok?.close()]);
});

const overview = async (who: TMember, environment = "sandbox") => {
  const response = await consoleCall(
    who,
    "GET",
    `/api/console/overview?environment=${environment}`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const done = (body: any) =>
  Object.fromEntries(body.gettingStarted.steps.map((s: any) => [s.step, s.done]));

describe("GET /api/console/overview", { timeout: 60_000 }, () => {
  test("a new organization's checklist ticks itself off from what it does", async () => {
    const fresh = await overview(owner);
    expect(fresh).toEqual({
      gettingStarted: {
        agents: 0,
        steps: [
          { step: "key", done: false },
          { step: "agents", done: false },
          { step: "settlement", done: false },
          { step: "verification", done: false },
          { step: "webhook", done: false },
        ],
      },
      failingWebhooks: [],
      recentEvents: [],
    });

    const key = await sandboxKeyFor(owner);
    expect(done(await overview(owner))).toMatchObject({ key: true, agents: false });
    // A sandbox key does nothing for production's checklist, nor does a key that no longer works.
    expect(done(await overview(owner, "production")).key).toBe(false);
    const revoked = await createApiKey({
      organizationId: owner.organizationId,
      environment: "production",
      name: "Gone",
      scopes: ["agent.read"],
    });
    await revokeApiKey({ organizationId: owner.organizationId, keyId: revoked.key.id });
    await createApiKey({
      organizationId: owner.organizationId,
      environment: "production",
      name: "Expired",
      scopes: ["agent.read"],
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect(done(await overview(owner, "production")).key).toBe(false);

    const { settlement } = await pendingSettlement(key, { value: 2_000 });
    const afterAgents = await overview(owner);
    expect(afterAgents.gettingStarted.agents).toBe(2);
    expect(done(afterAgents)).toMatchObject({ agents: true, settlement: false });

    await call("POST", `/settlements/${settlement.id}/execute`, { key });
    expect((await settled(key, settlement.id, { timeoutMs: 20_000 })).status).toBe("executed");
    expect(done(await overview(owner))).toMatchObject({ settlement: true, verification: false });

    const [receipt] = (await call("GET", `/receipts?settlementId=${settlement.id}`, { key })).body
      .data;
    const verified = await call("POST", `/receipts/${receipt.id}/verify`, { key, body: {} });
    expect(verified.status).toBe(200);
    expect(done(await overview(owner))).toMatchObject({ verification: true, webhook: false });

    const created = await consoleCall(owner, "POST", "/api/console/webhooks?environment=sandbox", {
      url: `${ok.origin}/overview`,
      events: ["settlement.executed"],
      secret,
    });
    expect(created.status).toBe(201);
    expect(Object.values(done(await overview(owner)))).toEqual([true, true, true, true, true]);

    const events = (await overview(owner)).recentEvents;
    expect(events.map((event: any) => event.type)).toContain("settlement.executed");
    expect(events.some((event: any) => event.data.object.id === settlement.id)).toBe(true);
    // Another organization sees none of it.
    expect((await overview(stranger)).recentEvents).toEqual([]);
  });

  test("lists endpoints whose latest delivery failed, not the healthy ones", async () => {
    const key = await sandboxKeyFor(stranger);
    const register = (receiver: TReceiver, path: string) =>
      call("POST", "/webhooks", {
        key,
        body: { url: `${receiver.origin}/${path}`, events: ["agent.registered"], secret },
      });
    const broken = await register(failing, "broken");
    const healthy = await register(ok, "healthy");
    expect([broken.status, healthy.status]).toEqual([201, 201]);
    await agentOf(key);
    const listed = await eventually(async () => {
      const body = await overview(stranger);
      if (body.failingWebhooks.length === 0) throw new Error("no failed attempt yet");
      return body.failingWebhooks;
    }, 20_000);
    expect(listed).toEqual([
      {
        id: broken.body.id,
        url: `${failing.origin}/broken`,
        failedAttempts: listed[0].attempts,
        attempts: listed[0].attempts,
        lastError: "receiver answered 503",
        lastResponseCode: 503,
        lastAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect((await overview(owner)).failingWebhooks).toEqual([]);
    // The banner every console page shows reads the same list, for its own organization only.
    const banner = async (who: TMember, environment = "sandbox") => {
      const response = await consoleCall(
        who,
        "GET",
        `/api/console/webhooks/failing?environment=${environment}`,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data;
    };
    expect((await banner(stranger)).map((endpoint: { id: string }) => endpoint.id)).toEqual([
      broken.body.id,
    ]);
    expect(await banner(stranger, "production")).toEqual([]);
    expect(await banner(owner)).toEqual([]);
  });

  test.each([
    ["no environment", "", "environment"],
    ["an unknown environment", "?environment=staging", "environment"],
    ["an unknown parameter", "?environment=sandbox&verbose=1", "verbose"],
  ])("%s is a 400", async (_, query, param) => {
    expectError(
      await consoleCall(owner, "GET", `/api/console/overview${query}`),
      400,
      "invalid_request",
      param,
    );
  });
});

describe("GET /api/console/usage", () => {
  test("carries the plan's limits next to the days", async () => {
    const fresh = await signedUpMember();
    try {
      const usage = await consoleCall(
        fresh,
        "GET",
        "/api/console/usage?environment=sandbox&days=3",
      );
      expect(usage.status).toBe(200);
      expect(usage.body.plan).toEqual({ tier: "free", perMinute: 60, burst: 10, daily: 1_000 });
      expect(usage.body.data).toHaveLength(3);
    } finally {
      await removeMembers([fresh]);
    }
  });
});
