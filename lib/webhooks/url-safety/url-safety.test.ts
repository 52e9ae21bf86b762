import { describe, expect, it } from "vitest";
import { config, parseConfig, setConfigVariables } from "@/config";
import { allowPrivateUrls } from "./allow-private-urls";
import type { TResolveHost } from "./resolve-host";
import { checkWebhookUrl } from "./url-safety";

/** A resolver with fixed answers, so no test depends on outside DNS. */
function fakeDns(answers: Record<string, string[]>): TResolveHost {
  return async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const dns = fakeDns({
  "hooks.example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "internal.example.com": ["10.1.2.3"],
  "mixed.example.com": ["93.184.216.34", "192.168.0.10"],
  "metadata.example.com": ["169.254.169.254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
});

describe("checkWebhookUrl in production", () => {
  const check = (url: string) =>
    checkWebhookUrl({ url, environment: "production", allowPrivate: true, resolve: dns });

  it("accepts an https URL whose host resolves to public addresses, and pins the first", async () => {
    const result = await check("https://hooks.example.com/agent/events?x=1");
    expect(result).toMatchObject({
      ok: true,
      hostname: "hooks.example.com",
      address: { address: "93.184.216.34", family: 4 },
    });
    if (result.ok) expect(result.addresses).toHaveLength(2);
  });

  it.each([
    ["https://127.0.0.1/hook", "loopback"],
    ["https://10.0.0.1/hook", "private"],
    ["https://169.254.169.254/latest/meta-data/", "metadata"],
    ["https://[::1]/hook", "loopback"],
    ["https://[::ffff:127.0.0.1]/hook", "loopback"],
    ["https://[fd00:ec2::254]/", "metadata"],
    ["https://[fe80::1]/", "link-local"],
    ["https://[fc00::1]/", "unique-local"],
    ["https://0.0.0.0/", "unspecified"],
    ["https://100.64.0.1/", "cgnat"],
    ["https://2130706433/", "loopback"], // 127.0.0.1 as one decimal number
    ["https://0x7f.1/", "loopback"],
    ["https://internal.example.com/", "private"],
    ["https://mixed.example.com/", "private"],
    ["https://metadata.example.com/", "metadata"],
    ["https://mapped.example.com/", "loopback"],
  ])("refuses %s (%s) even when private URLs are allowed", async (url, category) => {
    const result = await check(url);
    expect(result).toMatchObject({ ok: false, reason: "address_refused", category });
  });

  it("refuses a host name that really resolves to loopback (localhost, system DNS)", async () => {
    const result = await checkWebhookUrl({
      url: "https://localhost/hook",
      environment: "production",
    });
    expect(result).toMatchObject({ ok: false, reason: "address_refused", category: "loopback" });
  });

  it("does not disclose the address a host name resolved to", async () => {
    const result = await check("https://internal.example.com/");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe(
        "url host resolves to a private network address, which cannot receive webhooks",
      );
      expect(result.message).not.toContain("10.1.2.3");
    }
  });

  it("requires https", async () => {
    expect(await check("http://hooks.example.com/")).toMatchObject({
      ok: false,
      reason: "https_required",
      message: "url must use https in production",
    });
  });

  it.each([
    ["not a url", "invalid_url"],
    ["/relative/path", "invalid_url"],
    ["ftp://hooks.example.com/", "unsupported_scheme"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["https://user:pass@hooks.example.com/", "credentials_not_allowed"],
    ["https://nowhere.example.com/", "unresolvable"],
    [`https://hooks.example.com/${"a".repeat(2048)}`, "invalid_url"],
    // 1,025 characters as given, over 6,000 once percent-encoded.
    [`https://hooks.example.com/${"ü".repeat(1000)}`, "invalid_url"],
  ])("refuses %s (%s)", async (url, reason) => {
    expect(await check(url)).toMatchObject({ ok: false, reason });
  });
});

describe("checkWebhookUrl in sandbox", () => {
  it.each([
    "http://127.0.0.1:3000/hook",
    "http://10.0.0.1/hook",
    "http://[::1]:8080/hook",
    "http://localhost:3000/hook",
    "https://internal.example.com/",
  ])("allows %s when private URLs are allowed", async (url) => {
    const result = await checkWebhookUrl({
      url,
      environment: "sandbox",
      allowPrivate: true,
      resolve: url.includes("localhost") ? undefined : dns,
    });
    expect(result.ok).toBe(true);
  });

  it("still refuses cloud metadata and unspecified addresses", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://metadata.example.com/",
      "http://0.0.0.0:3000/",
    ]) {
      const result = await checkWebhookUrl({
        url,
        environment: "sandbox",
        allowPrivate: true,
        resolve: dns,
      });
      expect(result, url).toMatchObject({ ok: false, reason: "address_refused" });
    }
  });

  it("behaves as production when private URLs are not allowed", async () => {
    const check = (url: string) =>
      checkWebhookUrl({ url, environment: "sandbox", allowPrivate: false, resolve: dns });
    expect(await check("http://127.0.0.1/")).toMatchObject({ ok: false, reason: "https_required" });
    expect(await check("https://127.0.0.1/")).toMatchObject({ ok: false, category: "loopback" });
    expect(await check("https://hooks.example.com/")).toMatchObject({ ok: true });
  });
});

describe("allowPrivateUrls", () => {
  it("defaults to on in sandbox on a local deployment only, and is always off in production", () => {
    expect(allowPrivateUrls({ environment: "sandbox", settings: parseConfig({}) })).toBe(true);
    const local = { PUBLIC_URL: "http://localhost:3000" };
    expect(allowPrivateUrls({ environment: "sandbox", settings: parseConfig(local) })).toBe(true);
    const deployed = {
      PUBLIC_URL: "https://api.example.com",
      NEXTAUTH_SECRET: "s",
      SECRETS_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
      ATTEST_LOG_NAME: "api.example.com",
    };
    expect(allowPrivateUrls({ environment: "sandbox", settings: parseConfig(deployed) })).toBe(
      false,
    );
    const optedIn = { ...deployed, WEBHOOKS_ALLOW_PRIVATE_URLS: "on" };
    expect(allowPrivateUrls({ environment: "sandbox", settings: parseConfig(optedIn) })).toBe(true);
    expect(allowPrivateUrls({ environment: "production", settings: parseConfig({}) })).toBe(false);
    expect(
      allowPrivateUrls({
        environment: "production",
        settings: parseConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: "on" }),
      }),
    ).toBe(false);
  });

  it("reads WEBHOOKS_ALLOW_PRIVATE_URLS for sandbox and refuses unclear values", () => {
    const sandbox = (value: string) =>
      allowPrivateUrls({
        environment: "sandbox",
        settings: parseConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: value }),
      });
    expect(sandbox("off")).toBe(false);
    expect(sandbox("FALSE")).toBe(false);
    expect(sandbox("0")).toBe(false);
    expect(sandbox("true")).toBe(true);
    expect(sandbox("")).toBe(true);
    expect(() => sandbox("maybe")).toThrow(/WEBHOOKS_ALLOW_PRIVATE_URLS: must be one of/);
  });

  it("is what checkWebhookUrl uses when not told", async () => {
    const previous = config().WEBHOOKS_ALLOW_PRIVATE_URLS;
    try {
      setConfigVariables({ WEBHOOKS_ALLOW_PRIVATE_URLS: "off" });
      const off = await checkWebhookUrl({ url: "http://127.0.0.1/", environment: "sandbox" });
      expect(off.ok).toBe(false);
      setConfigVariables({ WEBHOOKS_ALLOW_PRIVATE_URLS: undefined });
      const on = await checkWebhookUrl({ url: "http://127.0.0.1/", environment: "sandbox" });
      expect(on.ok).toBe(true);
    } finally {
      setConfigVariables({
        WEBHOOKS_ALLOW_PRIVATE_URLS: previous === undefined ? undefined : String(previous),
      });
    }
  });
});

describe("checkWebhookUrl's deadline on resolution", () => {
  it("refuses a host that does not resolve within WEBHOOK_DNS_TIMEOUT_MS, without waiting for it", async () => {
    setConfigVariables({ WEBHOOK_DNS_TIMEOUT_MS: "300" });
    try {
      const started = performance.now();
      const result = await checkWebhookUrl({
        url: "https://slow.example.com/hook",
        environment: "production",
        resolve: () => new Promise(() => undefined),
      });
      expect(result).toEqual({
        ok: false,
        reason: "unresolvable",
        message: "url host did not resolve within 300 ms",
      });
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      setConfigVariables({ WEBHOOK_DNS_TIMEOUT_MS: undefined });
    }
  });
});
