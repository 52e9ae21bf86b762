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
