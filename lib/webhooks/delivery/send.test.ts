import { randomBytes } from "node:crypto";
import type { RequestOptions } from "node:https";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import type { TResolveHost } from "@/lib/webhooks/url-safety/resolve-host";
import { checkWebhookUrl } from "@/lib/webhooks/url-safety/url-safety";
import {
  hookTestCert,
  startReceiver,
  type TReceiver,
  type TReceiverHandler,
} from "../test-fixtures/receiver";
import { receiverAgents, type TPinnedOptions } from "./receiver-agents";
import { sendWebhook } from "./send";
import { verifyWebhook } from "./signing";

const whsecSecret = `whsec_${randomBytes(24).toString("base64")}`;
const plainSecret = "plain-text-secret-at-least-24-chars";
const body = JSON.stringify({
  id: "evt-test1",
  type: "settlement.executed",
  createdAt: "2026-11-22T18:30:00.000Z",
  environment: "sandbox",
  apiVersion: "v1",
  data: { object: { id: "stl-1" } },
});

const receivers: TReceiver[] = [];
async function receiver(handler: TReceiverHandler, tls = false) {
  const started = await startReceiver({ handler, tls });
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const answer =
  (status: number, text = "", headers: Record<string, string> = {}): TReceiverHandler =>
  ({ res }) => {
    res.writeHead(status, headers);
    res.end(text);
  };

/** Sandbox with private targets allowed: the mode in which a 127.0.0.1 receiver is reachable. */
const sandbox = { environment: "sandbox", allowPrivate: true } as const;

function fixedDns(answers: Record<string, string>): TResolveHost & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const address = answers[hostname];
    if (!address) throw new Error(`ENOTFOUND ${hostname}`);
    return [{ address, family: 4 as const }];
  };
  return Object.assign(resolve, { calls });
}

describe("sendWebhook delivers", () => {
  it("a signed POST that the standardwebhooks package verifies (whsec_ secret)", async () => {
    const r = await receiver(answer(200, "thanks"));
    const result = await sendWebhook({
      ...sandbox,
      url: `${r.origin}/hooks?x=1`,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({ ok: true, status: 200, gone: false, responseBody: "thanks" });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(got).toMatchObject({ method: "POST", path: "/hooks?x=1", body });
    expect(got?.headers["content-type"]).toBe("application/json");
    expect(got?.headers["webhook-id"]).toBe("evt-test1");
    expect(
      new Webhook(whsecSecret).verify(got?.body ?? "", got?.headers as Record<string, string>),
    ).toEqual(JSON.parse(body));
    expect(result.signature["webhook-signature"]).toBe(got?.headers["webhook-signature"]);
    expect(verifyWebhook({ body, headers: result.signature, secrets: [whsecSecret] })).toEqual({
      valid: true,
    });
  });

  it("signed with a plain secret's UTF-8 bytes", async () => {
    const r = await receiver(answer(204));
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [plainSecret],
    });
    expect(result).toMatchObject({ ok: true, status: 204, responseBody: "" });
    const verifier = new Webhook(new TextEncoder().encode(plainSecret), { format: "raw" });
    const [got] = r.received;
    expect(verifier.verify(got?.body ?? "", got?.headers as Record<string, string>)).toEqual(
      JSON.parse(body),
    );
    expect(() =>
      new Webhook(whsecSecret).verify(got?.body ?? "", got?.headers as Record<string, string>),
    ).toThrow();
  });

  it("signed by both secrets of a rotated pair", async () => {
    const r = await receiver(answer(200));
    await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [plainSecret, whsecSecret],
    });
    const [got] = r.received;
    const headers = got?.headers as Record<string, string>;
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(whsecSecret).verify(got?.body ?? "", headers)).toBeTruthy();
    expect(
      new Webhook(new TextEncoder().encode(plainSecret), { format: "raw" }).verify(
        got?.body ?? "",
        headers,
      ),
    ).toBeTruthy();
  });

  it("to the vetted address, with the host name kept in the Host header", async () => {
    const r = await receiver(answer(200));
    const dns = fixedDns({ "hook.test": "127.0.0.1" });
    const result = await sendWebhook({
      ...sandbox,
      url: `http://hook.test:${r.port}/in`,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      resolve: dns,
    });
    expect(result.ok).toBe(true);
    // Resolved once, by the vetting step; the connection used that answer (hook.test has no DNS).
    expect(dns.calls).toEqual(["hook.test"]);
    expect(r.received[0]?.headers.host).toBe(`hook.test:${r.port}`);
  });

  it("over https to the pinned address, with SNI and certificate checks on the host name", async () => {
    const r = await receiver(answer(200, "ok"), true);
    const dns = fixedDns({ "hook.test": "127.0.0.1" });
    const send = (url: string, ca?: string) =>
      sendWebhook({
        ...sandbox,
        url,
        id: "evt-test1",
        body,
        secrets: [whsecSecret],
        resolve: dns,
        ...(ca ? { ca } : {}),
      });

    const trusted = await send(`https://hook.test:${r.port}/`, hookTestCert);
    expect(trusted).toMatchObject({ ok: true, status: 200, responseBody: "ok" });
    expect(r.received[0]?.servername).toBe("hook.test");
    expect(r.received[0]?.headers.host).toBe(`hook.test:${r.port}`);

    const untrusted = await send(`https://hook.test:${r.port}/`);
    expect(untrusted).toMatchObject({ ok: false, error: { code: "network_error" } });
    // The certificate names hook.test, not the address: connecting by IP must fail the check.
    const byAddress = await send(`https://127.0.0.1:${r.port}/`, hookTestCert);
    expect(byAddress).toMatchObject({ ok: false, error: { code: "network_error" } });
    expect(byAddress.error?.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
    expect(r.received).toHaveLength(1);
  });
});

describe("sendWebhook reports failures", () => {
  it("times out when the receiver does not answer", async () => {
    const r = await receiver(() => {});
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      timeoutMs: 300,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "timeout", message: "no answer within 300 ms" },
    });
    expect(result.status).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(2000);
    expect(r.received).toHaveLength(1);
  });

  it("keeps a 2xx whose body does not finish in time, with what arrived", async () => {
    const r = await receiver(({ res }) => {
      res.writeHead(200);
      res.write("partial");
    });
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ ok: true, status: 200, responseBody: "partial" });
    expect(result.latencyMs).toBeLessThan(2000);
  });

  it("does not follow a redirect", async () => {
    const r = await receiver(({ received, res }) => {
      if (received.path === "/start") {
        res.writeHead(302, { location: "/elsewhere" });
        res.end();
        return;
      }
      res.writeHead(200);
      res.end();
    });
    const result = await sendWebhook({
      ...sandbox,
      url: `${r.origin}/start`,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({ ok: false, status: 302, error: { code: "redirect" } });
    expect(r.received.map((got) => got.path)).toEqual(["/start"]);
  });

  it("reads no more than 4 KiB of the answer, without waiting for the rest", async () => {
    const r = await receiver(({ res }) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.write("é".repeat(4096)); // 8 KiB, and the answer never ends
    });
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      error: { code: "http_error", message: "receiver answered 500" },
    });
    expect(Buffer.byteLength(result.responseBody)).toBe(4096);
    expect(result.responseBody).toBe("é".repeat(2048));
    expect(result.latencyMs).toBeLessThan(2000);
  });

  it("reads a large complete answer only up to 4 KiB", async () => {
    const r = await receiver(answer(200, "x".repeat(1024 * 1024)));
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.responseBody).toBe("x".repeat(4096));
  });

  it("parses Retry-After in seconds and as an HTTP date", async () => {
    const seconds = await receiver(answer(429, "slow down", { "retry-after": "120" }));
    const inSeconds = await sendWebhook({
      ...sandbox,
      url: seconds.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(inSeconds).toMatchObject({
      ok: false,
      status: 429,
      retryAfterMs: 120_000,
      responseBody: "slow down",
    });

    const date = await receiver(
      answer(503, "", { "retry-after": new Date(Date.now() + 60_000).toUTCString() }),
    );
    const asDate = await sendWebhook({
      ...sandbox,
      url: date.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(asDate).toMatchObject({ ok: false, status: 503 });
    expect(asDate.retryAfterMs).toBeGreaterThan(57_000);
    expect(asDate.retryAfterMs).toBeLessThanOrEqual(60_000);

    const none = await receiver(answer(503, "", { "retry-after": "soon" }));
    const unparsable = await sendWebhook({
      ...sandbox,
      url: none.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(unparsable.retryAfterMs).toBeUndefined();

    const far = await receiver(answer(200, "", { "retry-after": "3000000" }));
    const capped = await sendWebhook({
      ...sandbox,
      url: far.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(capped).toMatchObject({ ok: true, status: 200, retryAfterMs: 10 * 60 * 60 * 1000 });
  });

  it("flags 410 Gone", async () => {
    const r = await receiver(answer(410, "no such hook"));
    const result = await sendWebhook({
      ...sandbox,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({
      ok: false,
      status: 410,
      gone: true,
      responseBody: "no such hook",
    });
  });

  it("reports a refused connection", async () => {
    const r = await receiver(answer(200));
    const origin = r.origin;
    await receivers.pop()?.close();
    const result = await sendWebhook({
      ...sandbox,
      url: origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "network_error", message: "connection failed (ECONNREFUSED)" },
    });
  });
});

describe("sendWebhook keeps connections to receivers alive", () => {
  const send = (r: TReceiver, id: string) =>
    sendWebhook({ ...sandbox, url: `${r.origin}/hooks`, id, body, secrets: [whsecSecret] });

  it("sends consecutive deliveries to one receiver over one connection", async () => {
    const sockets = new Set<unknown>();
    const r = await receiver(({ res }) => {
      sockets.add(res.socket);
      res.writeHead(204).end();
    });
    for (const id of ["evt-a", "evt-b", "evt-c"]) expect((await send(r, id)).ok).toBe(true);
    expect(r.received.map((got) => got.headers["webhook-id"])).toEqual(["evt-a", "evt-b", "evt-c"]);
    expect(sockets.size).toBe(1);
  });

  it("replaces a pooled connection the receiver dropped, once, on a new connection", async () => {
    const served = new WeakMap<object, number>();
    // Every connection answers its first request and drops the next one unanswered.
    const r = await receiver(({ res }) => {
      const socket = res.socket!;
      const count = (served.get(socket) ?? 0) + 1;
      served.set(socket, count);
      if (count > 1) socket.destroy();
      else res.writeHead(204).end();
    });
    expect((await send(r, "evt-a")).ok).toBe(true);
    const second = await send(r, "evt-b");
    expect(second).toMatchObject({ ok: true, status: 204 });
    expect(r.received.map((got) => got.headers["webhook-id"])).toEqual(["evt-a", "evt-b", "evt-b"]);
  });

  it("does not send again when a new connection fails", async () => {
    const r = await receiver(({ res }) => {
      res.socket?.destroy();
    });
    expect(await send(r, "evt-a")).toMatchObject({ ok: false, error: { code: "network_error" } });
    expect(r.received).toHaveLength(1);
  });

  it("pools connections per vetted address, not per host name alone", () => {
    const name = (pinnedAddress: string) => {
      const options: RequestOptions & TPinnedOptions = {
        host: "hooks.example.com",
        port: 443,
        pinnedAddress,
      };
      return receiverAgents.https.getName(options);
    };
    expect(name("203.0.113.7")).not.toBe(name("198.51.100.7"));
    expect(name("203.0.113.7")).toBe(name("203.0.113.7"));
  });
});

describe("sendWebhook refuses unsafe URLs at send time", () => {
  it("in production: loopback, private, metadata, IPv6 loopback, localhost and http never get a request", async () => {
    const r = await receiver(answer(200));
    const urls = [
      `http://127.0.0.1:${r.port}/`,
      `https://127.0.0.1:${r.port}/`,
      `https://localhost:${r.port}/`,
      `http://localhost:${r.port}/`,
      `https://[::1]:${r.port}/`,
      `https://[::ffff:127.0.0.1]:${r.port}/`,
      "https://10.0.0.1/",
      "https://169.254.169.254/latest/meta-data/",
    ];
    for (const url of urls) {
      const result = await sendWebhook({
        environment: "production",
        url,
        id: "evt-test1",
        body,
        secrets: [whsecSecret],
        timeoutMs: 2000,
      });
      expect(result, url).toMatchObject({ ok: false, gone: false, error: { code: "url_refused" } });
      expect(result.latencyMs, url).toBeLessThan(1000);
    }
    expect(r.received).toHaveLength(0);
  });

  it("in production even when private URLs are said to be allowed", async () => {
    const r = await receiver(answer(200));
    const result = await sendWebhook({
      environment: "production",
      allowPrivate: true,
      url: `https://127.0.0.1:${r.port}/`,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result.error?.code).toBe("url_refused");
    expect(r.received).toHaveLength(0);
  });

  it("in sandbox when private URLs are not allowed", async () => {
    const r = await receiver(answer(200));
    const result = await sendWebhook({
      environment: "sandbox",
      allowPrivate: false,
      url: r.origin,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "url_refused", message: "url must use https" },
    });
    expect(r.received).toHaveLength(0);
  });

  it("in sandbox for cloud metadata even when private URLs are allowed", async () => {
    const dns = fixedDns({ "metadata.test": "169.254.169.254" });
    const result = await sendWebhook({
      ...sandbox,
      url: "http://metadata.test/",
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      resolve: dns,
    });
    expect(result.error?.code).toBe("url_refused");
  });

  it("when the host name now resolves to a private address (DNS rebinding)", async () => {
    const r = await receiver(answer(200));
    let answers = 0;
    const rebinding: TResolveHost = async () => {
      answers += 1;
      return [{ address: answers === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const atRegistration = await checkWebhookUrl({
      url: `https://rebind.test:${r.port}/`,
      environment: "production",
      resolve: rebinding,
    });
    expect(atRegistration.ok).toBe(true);
    const atSend = await sendWebhook({
      environment: "production",
      url: `https://rebind.test:${r.port}/`,
      id: "evt-test1",
      body,
      secrets: [whsecSecret],
      resolve: rebinding,
    });
    expect(atSend).toMatchObject({ ok: false, error: { code: "url_refused" } });
    expect(r.received).toHaveLength(0);
  });
});
