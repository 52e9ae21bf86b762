import { describe, expect, test } from "vitest";
import {
  auditEnvironment,
  auditTargetId,
  derivedAuditAction,
  resultEnvironment,
} from "./audit-fields";

describe("derivedAuditAction", () => {
  test.each([
    ["POST", "/api/console/keys", {}, "keys.create"],
    ["POST", "/api/console/keys/key-1/roll", { id: "key-1" }, "keys.roll"],
    ["PATCH", "/api/console/webhooks/wh-1", { id: "wh-1" }, "webhooks.update"],
    ["DELETE", "/api/console/webhooks/wh-1", { id: "wh-1" }, "webhooks.delete"],
    [
      "POST",
      "/api/console/webhooks/wh-1/deliveries/dlv-1/retry",
      { id: "wh-1", deliveryId: "dlv-1" },
      "webhooks.deliveries.retry",
    ],
    ["PUT", "/api/console/agents/agent-1", { id: "agent-1" }, "agents.replace"],
  ])("%s %s is %s", (method, pathname, params, action) => {
    expect(derivedAuditAction({ method, pathname, params })).toBe(action);
  });
});

describe("auditTargetId", () => {
  test("the last route parameter, else the created resource's id", () => {
    expect(auditTargetId({ id: "wh-1", deliveryId: "dlv-1" }, { id: "x" })).toBe("dlv-1");
    expect(auditTargetId({}, { id: "wh-2", url: "https://example.test" })).toBe("wh-2");
    expect(auditTargetId({}, { key: { id: "key-2" }, secret: "sk_test_x" })).toBe("key-2");
    expect(auditTargetId({}, { data: [] })).toBeNull();
    expect(auditTargetId({}, undefined)).toBeNull();
  });
});

describe("auditEnvironment", () => {
  test("the first source that names a known environment", () => {
    expect(auditEnvironment({ environment: "production" }, { environment: "sandbox" })).toBe(
      "production",
    );
    expect(auditEnvironment(undefined, { environment: "sandbox" })).toBe("sandbox");
    expect(auditEnvironment({ environment: "staging" }, undefined)).toBeNull();
  });
});

describe("resultEnvironment", () => {
  test("the environment of what a change answered with, or of what it nests", () => {
    expect(resultEnvironment({ id: "key-1", environment: "production" })).toBe("production");
    expect(
      resultEnvironment({ key: { environment: "sandbox" }, previous: { environment: "sandbox" } }),
    ).toBe("sandbox");
    expect(resultEnvironment({ id: "member-1", role: "viewer" })).toBeNull();
    expect(resultEnvironment(undefined)).toBeNull();
  });
});
