import { afterEach, describe, expect, it } from "vitest";
import { setConfigVariables } from "@/config";
import { environmentOf, hostEnvironment } from "./environment";

const request = (url: string, host?: string) =>
  new Request(url, host ? { headers: { host } } : undefined);

afterEach(() => setConfigVariables({ SANDBOX_HOSTNAME: undefined }));

describe("the environment a client called", () => {
  it("is sandbox under /sandbox/v1, production elsewhere when no sandbox host is set", () => {
    expect(environmentOf(request("https://api.example.com/sandbox/v1/agents"))).toBe("sandbox");
    expect(environmentOf(request("https://api.example.com/v1/agents"))).toBe("production");
    expect(hostEnvironment(request("https://sandbox.example.com/mcp"))).toBe("production");
  });

  it("is sandbox on the SANDBOX_HOSTNAME host, whatever the path, by its Host header", () => {
    setConfigVariables({ SANDBOX_HOSTNAME: "sandbox.example.com" });
    expect(environmentOf(request("http://127.0.0.1/v1/agents", "Sandbox.example.com:443"))).toBe(
      "sandbox",
    );
    expect(hostEnvironment(request("https://sandbox.example.com/mcp"))).toBe("sandbox");
    expect(hostEnvironment(request("https://api.example.com/mcp"))).toBe("production");
  });
});
