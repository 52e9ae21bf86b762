import { afterEach, describe, expect, test } from "vitest";
import { isPublicDeployment } from "@/lib/deployment/public-origin";
import { authSecret } from "./auth-secret";
import { isSameOrigin } from "./same-origin";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["NEXTAUTH_URL", "PUBLIC_URL", "NEXTAUTH_SECRET"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("console origin rules", () => {
  test("a public NEXTAUTH_URL or PUBLIC_URL makes NEXTAUTH_SECRET required", async () => {
    delete process.env.NEXTAUTH_SECRET;
    for (const [variable, url] of [
      ["NEXTAUTH_URL", "https://console.example.com"],
      ["PUBLIC_URL", "https://api.example.com/"],
    ] as const) {
      delete process.env.NEXTAUTH_URL;
      delete process.env.PUBLIC_URL;
      process.env[variable] = url;
      expect(isPublicDeployment()).toBe(true);
      await expect(authSecret()).rejects.toThrow(/NEXTAUTH_SECRET is required/);
    }
    process.env.NEXTAUTH_SECRET = "configured";
    await expect(authSecret()).resolves.toBe("configured");
  });

  test("loopback addresses are local use", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
      process.env.NEXTAUTH_URL = url;
      expect(isPublicDeployment(), url).toBe(false);
    }
  });

  test("same origin: the request's own origin or the configured one, never a missing Origin", () => {
    delete process.env.NEXTAUTH_URL;
    process.env.PUBLIC_URL = "https://console.example.com";
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
