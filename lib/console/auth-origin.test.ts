import { afterEach, describe, expect, test } from "vitest";
import { parseConfig, setConfigVariables } from "@/config";
import { isPublicDeployment } from "@/config/public-origin";
import { authSecret } from "./auth-secret";
import { isSameOrigin } from "./same-origin";

const saved = { ...process.env };
const secretsKey = Buffer.alloc(32).toString("base64");
afterEach(() => {
  setConfigVariables({
    NEXTAUTH_URL: saved.NEXTAUTH_URL,
    PUBLIC_URL: saved.PUBLIC_URL,
    NEXTAUTH_SECRET: saved.NEXTAUTH_SECRET,
    SECRETS_ENCRYPTION_KEY: saved.SECRETS_ENCRYPTION_KEY,
    ATTEST_LOG_NAME: saved.ATTEST_LOG_NAME,
  });
});

describe("console origin rules", () => {
  test("a public NEXTAUTH_URL or PUBLIC_URL makes NEXTAUTH_SECRET required", async () => {
    for (const [variable, url] of [
      ["NEXTAUTH_URL", "https://console.example.com"],
      ["PUBLIC_URL", "https://api.example.com/"],
    ] as const) {
      const settings = { [variable]: url };
      expect(isPublicDeployment(settings)).toBe(true);
      expect(() => parseConfig(settings)).toThrow(/NEXTAUTH_SECRET: required when/);
      const complete = {
        ...settings,
        NEXTAUTH_SECRET: "s",
        SECRETS_ENCRYPTION_KEY: secretsKey,
        ATTEST_LOG_NAME: "api.example.com",
      };
      expect(parseConfig(complete).NEXTAUTH_SECRET).toBe("s");
    }
    setConfigVariables({ NEXTAUTH_SECRET: "configured" });
    await expect(authSecret()).resolves.toBe("configured");
  });

  test("loopback addresses are local use", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
      expect(isPublicDeployment({ NEXTAUTH_URL: url }), url).toBe(false);
    }
  });

  test("same origin: the request's own origin or the configured one, never a missing Origin", () => {
    setConfigVariables({
      NEXTAUTH_URL: undefined,
      PUBLIC_URL: "https://console.example.com",
      NEXTAUTH_SECRET: "configured",
      SECRETS_ENCRYPTION_KEY: secretsKey,
      ATTEST_LOG_NAME: "console.example.com",
    });
    const request = (origin?: string) =>
      new Request("http://10.0.0.5:3000/api/console/keys", {
        method: "POST",
        headers: { host: "10.0.0.5:3000", ...(origin ? { origin } : {}) },
      });
    expect(isSameOrigin(request("http://10.0.0.5:3000"))).toBe(true);
    expect(isSameOrigin(request("https://console.example.com"))).toBe(true);
    expect(isSameOrigin(request("https://evil.example"))).toBe(false);
    expect(isSameOrigin(request("null"))).toBe(false);
    expect(isSameOrigin(request())).toBe(false);
  });
});
