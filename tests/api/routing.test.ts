import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { call } from "../support/api";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

describe("unknown routes and methods answer in the error envelope, never Next's HTML", () => {
  test.each([
    ["GET", "/v1"],
    ["GET", "/sandbox/v1"],
    ["GET", "/v1/nothing-here"],
    ["POST", "/sandbox/v1/agents/agent-0000000000000000/clone"],
    ["DELETE", "/v1/agents/discover/extra"],
    ["PUT", "/sandbox/v1/receipts-not-yet"],
  ])("%s %s is 404", async (method, path) => {
    const error = expectError(
      await call(method, path, { key: tenant.keys.sandbox }),
      404,
      "not_found",
    );
    expect(error.message).toContain(path.replace(/^\/sandbox/, ""));
  });

  test.each([
    ["PUT", "/agents", "GET, POST, HEAD, OPTIONS"],
    ["DELETE", "/agents", "GET, POST, HEAD, OPTIONS"],
    ["PATCH", "/agents", "GET, POST, HEAD, OPTIONS"],
    ["POST", "/agents/agent-0000000000000000", "GET, PATCH, DELETE, HEAD, OPTIONS"],
    ["PUT", "/agents/agent-0000000000000000", "GET, PATCH, DELETE, HEAD, OPTIONS"],
    ["POST", "/agents/discover", "GET, HEAD, OPTIONS"],
    ["DELETE", "/agents/discover", "GET, HEAD, OPTIONS"],
    ["GET", "/settlements/stl-0000000000000000/execute", "POST, OPTIONS"],
  ])("%s %s is 405 with Allow: %s", async (method, path, allow) => {
    for (const environment of ["sandbox", "production"] as const) {
      const response = await call(method, path, { key: tenant.keys[environment], environment });
      expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")).toBe(allow);
    }
  });

  test("OPTIONS names exactly the methods a path serves, without credentials; unknown paths are 404", async () => {
    const options = (path: string) => fetch(`${inject("baseUrl")}${path}`, { method: "OPTIONS" });
    const agents = await options("/v1/agents");
    expect(agents.status).toBe(204);
    expect(agents.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(agents.headers.get("request-id")).toMatch(/^req-/);
    const execute = await options("/sandbox/v1/settlements/stl-0000000000000000/execute");
    expect(execute.headers.get("allow")).toBe("POST, OPTIONS");
    const unknown = await options("/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });
});

describe("a path with a '%' that is not a percent-encoding", () => {
  test.each([
    ["GET", "/sandbox/v1/agents/%"],
    ["DELETE", "/v1/agents/agent-%zz"],
    ["GET", "/api/auth/%"],
    ["POST", "/sandbox/v1/settlements/%E0%A4%A/execute"],
  ])("%s %s is 400 in the envelope, naming the path", async (method, path) => {
    const response = await fetch(`${inject("baseUrl")}${path}`, {
      method,
      headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
    });
    const body = await response.json();
    expectError(
      { status: response.status, headers: response.headers, body },
      400,
      "invalid_request",
      "path",
    );
    expect(body.error.message).toContain("percent-encoding");
  });
});
