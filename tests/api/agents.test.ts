import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

describe("agents", () => {
  test("register, retrieve, update, list and delete", async () => {
    const key = tenant.keys.sandbox;
    const created = await call("POST", "/agents", {
      key,
      body: { name: "Translator", capabilities: ["translation"], metadata: { team: "lingo" } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Translator",
      capabilities: ["translation"],
      status: "active",
      discoverable: true,
      metadata: { team: "lingo" },
    });
    expect(created.body.id).toMatch(/^agent-[0-9A-Za-z]{16}$/);
    expect(created.headers.get("request-id")).toMatch(/^req-/);

    const fetched = await call("GET", `/agents/${created.body.id}`, { key });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);

    const updated = await call("PATCH", `/agents/${created.body.id}`, {
      key,
      body: { status: "suspended" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.status).toBe("suspended");

    const listed = await call("GET", "/agents?status=suspended", { key });
    expect(listed.body.data.map((agent: { id: string }) => agent.id)).toContain(created.body.id);

    const deleted = await call("DELETE", `/agents/${created.body.id}`, { key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.body.id, deleted: true });
    expect((await call("GET", `/agents/${created.body.id}`, { key })).status).toBe(404);
  });

  test("q finds agents whose name or description contains the text, ignoring case, LIKE characters literal", async () => {
    const key = tenant.keys.sandbox;
    const register = async (body: Record<string, unknown>) =>
      (await call("POST", "/agents", { key, body })).body.id as string;
    const byName = await register({ name: "Invoice Reader 7f3q" });
    const byDescription = await register({
      name: "Other",
      description: "reads INVOICE-7F3Q scans",
    });
    const percent = await register({ name: "Discount 50%_off 7f3q" });
    const suspended = await register({ name: "Paused invoice-7f3q" });
    await call("PATCH", `/agents/${suspended}`, { key, body: { status: "suspended" } });
    const ids = async (query: string) =>
      (await call("GET", `/agents?${query}`, { key })).body.data.map(
        (agent: { id: string }) => agent.id,
      ) as string[];
    expect((await ids("q=invoice%20reader%207F3Q")).sort()).toEqual([byName]);
    expect((await ids("q=invoice-7f3q")).sort()).toEqual([byDescription, suspended].sort());
    expect(await ids("q=invoice-7f3q&status=suspended")).toEqual([suspended]);
    expect(await ids("q=50%25_off")).toEqual([percent]);
    // % and _ are the text itself, not wildcards.
    expect(await ids("q=7f3q%25")).toEqual([]);
    expect(await ids("q=Discount_50")).toEqual([]);
  });

  test("every listed agent is exactly its retrieved body", async () => {
    const key = tenant.keys.production;
    const environment = "production";
    const bodies = [
      { name: "Bare" },
      {
        name: 'Quotes " and \\ backslash, tab\tnewline\n, bell\u0007, ünïcødé ✓ 🚀',
        description: "</script><!-- -->",
        capabilities: ["translation", "ocr"],
        endpointUrl: "https://agents.example.com/a?b=c&d=e",
        metadata: { "key with space": 'value "quoted"', emoji: "🚀", empty: "" },
        discoverable: false,
      },
    ];
    for (const body of bodies) {
      expect((await call("POST", "/agents", { key, environment, body })).status).toBe(201);
    }
    const listed = await call("GET", "/agents?limit=100", { key, environment });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(listed.body.data.length).toBeGreaterThanOrEqual(bodies.length);
    for (const agent of listed.body.data) {
      const fetched = await call("GET", `/agents/${agent.id}`, { key, environment });
      expect(agent).toEqual(fetched.body);
    }
  });

  test("sandbox and production never see each other's agents", async () => {
    const created = await call("POST", "/agents", {
      key: tenant.keys.sandbox,
      body: { name: "Only sandbox" },
    });
    const fromProduction = await call("GET", `/agents/${created.body.id}`, {
      key: tenant.keys.production,
      environment: "production",
    });
    expect(fromProduction.status).toBe(404);
  });
});
