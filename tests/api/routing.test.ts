import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { expectError } from "../support/expect-error";
import { seedTenant, type TestTenant } from "../support/tenant";

let tenant: TestTenant;
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
    ["PUT", "/agents", "GET, POST"],
    ["DELETE", "/agents", "GET, POST"],
    ["PATCH", "/agents", "GET, POST"],
    ["POST", "/agents/agent-0000000000000000", "GET, PATCH, DELETE"],
    ["PUT", "/agents/agent-0000000000000000", "GET, PATCH, DELETE"],
    ["POST", "/agents/discover", "GET"],
    ["DELETE", "/agents/discover", "GET"],
  ])("%s %s is 405 with Allow: %s", async (method, path, allow) => {
    for (const environment of ["sandbox", "production"] as const) {
      const response = await call(method, path, { key: tenant.keys[environment], environment });
      expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")).toBe(allow);
    }
  });
});
