import { describe } from "vitest";
import { createAgent } from "@/lib/agents/create-agent";
import type { TTenant } from "@/lib/auth/tenant";
import { runCommonRouteTests } from "../support/route-tests";

const seedAgent = async (tenant: TTenant) =>
  createAgent({ tenant, input: { name: "Seeded", capabilities: ["seeding"] } });

describe("POST /v1/agents", () =>
  runCommonRouteTests({
    method: "POST",
    path: () => "/agents",
    body: () => ({ name: "Common checks" }),
    scope: "agent.register",
    status: 201,
  }));

describe("GET /v1/agents", () =>
  runCommonRouteTests({ method: "GET", path: () => "/agents", scope: "agent.read", status: 200 }));

describe("GET /v1/agents/discover", () =>
  runCommonRouteTests({
    method: "GET",
    path: () => "/agents/discover?capability=seeding",
    scope: "agent.read",
    status: 200,
  }));

describe("GET /v1/agents/:id", () =>
  runCommonRouteTests({
    method: "GET",
    seed: seedAgent,
    path: (agent) => `/agents/${agent.id}`,
    scope: "agent.read",
    status: 200,
  }));

describe("PATCH /v1/agents/:id", () =>
  runCommonRouteTests({
    method: "PATCH",
    seed: seedAgent,
    path: (agent) => `/agents/${agent.id}`,
    body: () => ({ description: "Patched by the common checks" }),
    scope: "agent.update",
    status: 200,
  }));

describe("DELETE /v1/agents/:id", () =>
  runCommonRouteTests({
    method: "DELETE",
    seed: seedAgent,
    path: (agent) => `/agents/${agent.id}`,
    scope: "agent.delete",
    status: 200,
  }));
