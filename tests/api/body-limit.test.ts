import http from "node:http";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

const limit = 1024 * 1024;
let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

/** `bytes` of a JSON string sent chunked, with no Content-Length. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(97);
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":"'));
    },
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

test("a /v1 body over 1 MiB sent chunked, without Content-Length, is 413 and writes nothing", async () => {
  const before = await tenantRows(tenant.organizationId);
  const response = await fetch(`${inject("baseUrl")}/sandbox/v1/agents`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${tenant.keys.sandbox}`,
      "content-type": "application/json",
      "x-forwarded-for": randomClientAddress(),
    },
    body: chunked(8 * limit),
    duplex: "half",
  } as RequestInit);
  expectError(
    { status: response.status, headers: response.headers, body: await response.json() },
    413,
    "payload_too_large",
  );
  expect(await tenantRows(tenant.organizationId)).toEqual(before);
  // The server is still healthy and serving.
  expect((await fetch(`${inject("baseUrl")}/api/health`)).status).toBe(200);
  const list = await fetch(`${inject("baseUrl")}/sandbox/v1/agents`, {
    headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
  });
  expect(list.status).toBe(200);
});

/** One request through `agent`: its status, headers, JSON body, and whether it reused a socket. */
function send(
  agent: http.Agent,
  {
    method,
    path,
    headers = {},
    body,
  }: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Headers; body: any; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, inject("baseUrl")),
      { method, agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
            reused: request.reusedSocket,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("a body the answer never read leaves the connection usable for the client's next request", async () => {
  // One connection, kept alive: each refusal below answers before reading its 300 KB body, and
  // the health check after it must be served on that same connection, not find it reset.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ name: "x".repeat(300_000) });
  const json = { "content-type": "application/json", "x-forwarded-for": randomClientAddress() };
  const authorized = { ...json, authorization: `Bearer ${tenant.keys.sandbox}` };
  const refusals = [
    {
      method: "POST",
      path: "/sandbox/v1/agents",
      headers: json,
      status: 401,
      code: "unauthorized",
    },
    {
      method: "POST",
      path: "/sandbox/v1/no-such-route",
      headers: authorized,
      status: 404,
      code: "not_found",
    },
    {
      method: "PUT",
      path: "/sandbox/v1/agents",
      headers: authorized,
      status: 405,
      code: "method_not_allowed",
    },
    {
      method: "PATCH",
      path: "/sandbox/v1/agents/%00",
      headers: authorized,
      status: 400,
      code: "invalid_request",
    },
    { method: "POST", path: "/api/health", headers: json, status: 405, code: "method_not_allowed" },
    {
      method: "POST",
      path: "/v1/openapi.json",
      headers: json,
      status: 405,
      code: "method_not_allowed",
    },
  ];
  try {
    for (const { status, code, ...request } of refusals) {
      expectError(await send(agent, { ...request, body }), status, code);
      const health = await send(agent, { method: "GET", path: "/api/health" });
      expect(health, `${request.method} ${request.path}`).toMatchObject({
        status: 200,
        body: { status: "ok" },
        reused: true,
      });
    }
  } finally {
    agent.destroy();
  }
});
