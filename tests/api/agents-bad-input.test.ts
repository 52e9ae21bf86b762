import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAgent } from "@/lib/agents/create-agent";
import { MAX_BODY_BYTES } from "@/lib/http/read-body";
import { call } from "../support/api";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

/** One bad request; `path` may name `{id}`, the tenant's agent. */
type TBadCase = {
  path: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  param?: string;
  status?: number;
  code?: string;
};

const long = (length: number) => "x".repeat(length);
const many = (count: number) => Array.from({ length: count }, (_, index) => `cap-${index}`);
const manyPairs = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, "v"]));
const json = { "content-type": "application/json" };
const overOneMiB = JSON.stringify({ name: "big", description: long(MAX_BODY_BYTES) });

/** Body faults shared by POST and PATCH; each body is otherwise valid for both. */
const bodyCases = (path: string): Record<string, TBadCase> => ({
  "name of the wrong type": { path, body: { name: 42 }, param: "name" },
  "description of the wrong type": {
    path,
    body: { name: "a", description: 7 },
    param: "description",
  },
  "capabilities not an array": {
    path,
    body: { name: "a", capabilities: "translation" },
    param: "capabilities",
  },
  "a capability of the wrong type": {
    path,
    body: { name: "a", capabilities: [1] },
    param: "capabilities.0",
  },
  "a capability that is not a lowercase token": {
    path,
    body: { name: "a", capabilities: ["Legal Text"] },
    param: "capabilities.0",
  },
  "duplicate capabilities": {
    path,
    body: { name: "a", capabilities: ["x", "x"] },
    param: "capabilities",
  },
  "51 capabilities": { path, body: { name: "a", capabilities: many(51) }, param: "capabilities" },
  "discoverable of the wrong type": {
    path,
    body: { name: "a", discoverable: "yes" },
    param: "discoverable",
  },
  "metadata not an object": { path, body: { name: "a", metadata: ["x"] }, param: "metadata" },
  "a metadata value of the wrong type": {
    path,
    body: { name: "a", metadata: { team: 1 } },
    param: "metadata.team",
  },
  "51 metadata keys": { path, body: { name: "a", metadata: manyPairs(51) }, param: "metadata" },
  "a metadata key over 40 characters": {
    path,
    body: { name: "a", metadata: { [long(41)]: "v" } },
    param: `metadata.${long(41)}`,
  },
  "a metadata value over 500 characters": {
    path,
    body: { name: "a", metadata: { team: long(501) } },
    param: "metadata.team",
  },
  "an unknown field": { path, body: { name: "a", colour: "blue" }, param: "colour" },
  "a read-only field": { path, body: { name: "a", id: "agent-0000000000000000" }, param: "id" },
  "a blank name": { path, body: { name: "   " }, param: "name" },
  "a name over 200 characters": { path, body: { name: long(201) }, param: "name" },
  "a 500 kB name": { path, body: { name: long(500_000) }, param: "name" },
  "a description over 2000 characters": {
    path,
    body: { name: "a", description: long(2001) },
    param: "description",
  },
  "a non-http endpoint URL": {
    path,
    body: { name: "a", endpointUrl: "ftp://agents.example.com" },
    param: "endpointUrl",
  },
  "a javascript: endpoint URL": {
    path,
    body: { name: "a", endpointUrl: "javascript:alert(1)" },
    param: "endpointUrl",
  },
  "an endpoint URL that is no URL": {
    path,
    body: { name: "a", endpointUrl: "agents.example.com" },
    param: "endpointUrl",
  },
  "an endpoint URL over 2048 characters": {
    path,
    body: { name: "a", endpointUrl: `https://a.example.com/${long(2048)}` },
    param: "endpointUrl",
  },
  "invalid JSON": { path, rawBody: '{"name": "a"', headers: json, param: "body" },
  "JSON with trailing text": { path, rawBody: '{"name": "a"} {}', headers: json, param: "body" },
  "a JSON array": { path, rawBody: '[{"name": "a"}]', headers: json, param: "body" },
  "JSON null": { path, rawBody: "null", headers: json, param: "body" },
  "a JSON string": { path, rawBody: '"a"', headers: json, param: "body" },
  "text/plain": {
    path,
    rawBody: '{"name": "a"}',
    headers: { "content-type": "text/plain" },
    param: "Content-Type",
  },
  "a form body": {
    path,
    rawBody: "name=a",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    param: "Content-Type",
  },
  "no Content-Type": { path, rawBody: '{"name": "a"}', param: "Content-Type" },
  "a body over 1 MiB": {
    path,
    rawBody: overOneMiB,
    headers: json,
    status: 413,
    code: "payload_too_large",
  },
  "an unknown query parameter": {
    path: `${path}?dryRun=true`,
    body: { name: "a" },
    param: "dryRun",
  },
});

const listQueryCases = (path: string): Record<string, TBadCase> => ({
  "an unknown query parameter": { path: `${path}?sort=name`, param: "sort" },
  "limit 0": { path: `${path}?limit=0`, param: "limit" },
  "limit 101": { path: `${path}?limit=101`, param: "limit" },
  "a negative limit": { path: `${path}?limit=-1`, param: "limit" },
  "a fractional limit": { path: `${path}?limit=1.5`, param: "limit" },
  "a limit that is no number": { path: `${path}?limit=ten`, param: "limit" },
  "limit given twice": { path: `${path}?limit=5&limit=6`, param: "limit" },
  "a cursor that is not base64 JSON": { path: `${path}?cursor=not-a-cursor`, param: "cursor" },
  "a cursor of the wrong shape": {
    path: `${path}?cursor=${Buffer.from('{"a":1}').toString("base64url")}`,
    param: "cursor",
  },
  "a cursor over 200 characters": { path: `${path}?cursor=${long(201)}`, param: "cursor" },
  "a capability that is not a token": {
    path: `${path}?capability=Legal%20Text`,
    param: "capability",
  },
});

const badInput: Record<string, Record<string, TBadCase>> = {
  "POST /v1/agents": {
    ...bodyCases("/agents"),
    "no name": { path: "/agents", body: { description: "nameless" }, param: "name" },
    "an empty object": { path: "/agents", body: {}, param: "name" },
    "an empty body": { path: "/agents", rawBody: "", headers: json, param: "name" },
    "status, which only PATCH takes": {
      path: "/agents",
      body: { name: "a", status: "active" },
      param: "status",
    },
  },
  "PATCH /v1/agents/:id": {
    ...bodyCases("/agents/{id}"),
    "an unknown status": { path: "/agents/{id}", body: { status: "retired" }, param: "status" },
    "a null name": { path: "/agents/{id}", body: { name: null }, param: "name" },
    "an id over 64 characters": {
      path: `/agents/agent-${long(60)}`,
      body: { name: "a" },
      param: "id",
    },
  },
  "GET /v1/agents/:id": {
    "an unknown query parameter": { path: "/agents/{id}?expand=owner", param: "expand" },
    "an id over 64 characters": { path: `/agents/agent-${long(60)}`, param: "id" },
  },
  "DELETE /v1/agents/:id": {
    "an unknown query parameter": { path: "/agents/{id}?force=true", param: "force" },
    "an id over 64 characters": { path: `/agents/agent-${long(60)}`, param: "id" },
  },
  "GET /v1/agents": {
    ...listQueryCases("/agents"),
    "an unknown status": { path: "/agents?status=retired", param: "status" },
    "an empty q": { path: "/agents?q=%20", param: "q" },
    "a q over 200 characters": { path: `/agents?q=${long(201)}`, param: "q" },
  },
  "GET /v1/agents/discover": {
    ...listQueryCases("/agents/discover"),
    "an empty q": { path: "/agents/discover?q=", param: "q" },
    "a q over 200 characters": { path: `/agents/discover?q=${long(201)}`, param: "q" },
    "status, which discover does not take": {
      path: "/agents/discover?status=active",
      param: "status",
    },
  },
};

let tenant: TTestTenant;
let agentId: string;
beforeAll(async () => {
  tenant = await seedTenant();
  const tenantScope = { organizationId: tenant.organizationId, environment: "sandbox" as const };
  agentId = (await createAgent({ tenant: tenantScope, input: { name: "Target" } })).id;
});
afterAll(() => tenant.remove());

describe.each(Object.entries(badInput))("%s", (operation, cases) => {
  const method = operation.split(" ")[0]!;
  test.each(Object.entries(cases))("%s: 4xx with param, nothing written", async (_, bad) => {
    const before = await tenantRows(tenant.organizationId);
    const response = await call(method, bad.path.replace("{id}", agentId), {
      key: tenant.keys.sandbox,
      body: bad.body,
      rawBody: bad.rawBody,
      headers: bad.headers,
    });
    expectError(response, bad.status ?? 400, bad.code ?? "invalid_request", bad.param);
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });
});

test("the agent that every bad request aimed at is unchanged and still there", async () => {
  const agent = await call("GET", `/agents/${agentId}`, { key: tenant.keys.sandbox });
  expect(agent.status).toBe(200);
  expect(agent.body).toMatchObject({ name: "Target", capabilities: [], metadata: {} });
  expect(agent.body.updatedAt).toBe(agent.body.createdAt);
});
