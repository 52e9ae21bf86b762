import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "./signing";

const whsecSecret = `whsec_${randomBytes(32).toString("base64")}`;
const plainSecret = "correct-horse-battery-staple-Ünïcødé-42";
const body = JSON.stringify({ id: "evt-abc", type: "settlement.executed", data: { object: {} } });

/** The independent implementation: whsec_ secrets as base64, other secrets as their UTF-8 bytes. */
function referenceVerifier(secret: string) {
  if (secret.startsWith("whsec_")) return new Webhook(secret);
  return new Webhook(new TextEncoder().encode(secret), { format: "raw" });
}

describe("signWebhook", () => {
  it("matches the Standard Webhooks reference vector", () => {
    const headers = signWebhook({
      id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      body: '{"test": 2432232314}',
      secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
      timestamp: new Date(1614265330 * 1000),
    });
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("is verified by the standardwebhooks package with a whsec_ secret", () => {
    const headers = signWebhook({ id: "evt-abc", body, secrets: [whsecSecret] });
    expect(referenceVerifier(whsecSecret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("uses a plain secret's UTF-8 bytes, as the standardwebhooks package does for raw keys", () => {
    const headers = signWebhook({ id: "evt-abc", body, secrets: [plainSecret] });
    expect(referenceVerifier(plainSecret).verify(body, headers)).toEqual(JSON.parse(body));
    // A plain secret that happens to be valid base64 is still used as text, not decoded.
    const base64Looking = "abcdefghijklmnopqrstuvwxyz012345";
    const signed = signWebhook({ id: "evt-abc", body, secrets: [base64Looking] });
    expect(referenceVerifier(base64Looking).verify(body, signed)).toBeTruthy();
    expect(() => new Webhook(`whsec_${base64Looking}`).verify(body, signed)).toThrow(
      /No matching signature/,
    );
  });

  it("signs with every secret of a rotated pair, each verifiable on its own", () => {
    const headers = signWebhook({ id: "evt-abc", body, secrets: [whsecSecret, plainSecret] });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(referenceVerifier(whsecSecret).verify(body, headers)).toBeTruthy();
    expect(referenceVerifier(plainSecret).verify(body, headers)).toBeTruthy();
    const other = `whsec_${randomBytes(32).toString("base64")}`;
    expect(() => referenceVerifier(other).verify(body, headers)).toThrow(/No matching signature/);
  });

  it("refuses to sign without a secret or with an invalid one", () => {
    expect(() => signWebhook({ id: "evt-abc", body, secrets: [] })).toThrow();
    expect(() => signWebhook({ id: "evt.abc", body, secrets: [whsecSecret] })).toThrow(/URL-safe/);
    expect(() => signWebhook({ id: "evt-abc", body, secrets: ["too-short"] })).toThrow(
      /invalid webhook secret/,
    );
  });
});

describe("verifyWebhook", () => {
  const now = new Date("2026-11-22T18:30:00.000Z");

  it("accepts what the standardwebhooks package signs", () => {
    const reference = referenceVerifier(whsecSecret);
    const headers = {
      "webhook-id": "evt-abc",
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": reference.sign("evt-abc", now, body),
    };
    expect(verifyWebhook({ body, headers, secrets: [whsecSecret], now })).toEqual({ valid: true });
  });

  it("reads Headers objects and mixed-case header names", () => {
    const signed = signWebhook({ id: "evt-abc", body, secrets: [plainSecret], timestamp: now });
    expect(
      verifyWebhook({ body, headers: new Headers(signed), secrets: [plainSecret], now }),
    ).toEqual({ valid: true });
    const shouted = Object.fromEntries(
      Object.entries(signed).map(([k, v]) => [k.toUpperCase(), v]),
    );
    expect(verifyWebhook({ body, headers: shouted, secrets: [plainSecret], now }).valid).toBe(true);
  });

  it("accepts any of several signatures and any of several secrets", () => {
    const headers = signWebhook({
      id: "evt-abc",
      body,
      secrets: [whsecSecret, plainSecret],
      timestamp: now,
    });
    expect(verifyWebhook({ body, headers, secrets: [plainSecret], now }).valid).toBe(true);
    expect(
      verifyWebhook({ body, headers, secrets: ["x".repeat(30), whsecSecret], now }).valid,
    ).toBe(true);
  });

  it("rejects a changed body, id or timestamp, and another secret", () => {
    const headers = signWebhook({ id: "evt-abc", body, secrets: [whsecSecret], timestamp: now });
    const check = (overrides: {
      body?: string;
      headers?: Record<string, string>;
      secret?: string;
    }) =>
      verifyWebhook({
        body: overrides.body ?? body,
        headers: { ...headers, ...overrides.headers },
        secrets: [overrides.secret ?? whsecSecret],
        now,
      });
    expect(check({}).valid).toBe(true);
    expect(check({ body: `${body} ` })).toEqual({ valid: false, reason: "no signature matches" });
    expect(check({ headers: { "webhook-id": "evt-abd" } }).valid).toBe(false);
    expect(
      check({ headers: { "webhook-timestamp": String(Number(headers["webhook-timestamp"]) + 1) } })
        .valid,
    ).toBe(false);
    expect(check({ secret: plainSecret }).valid).toBe(false);
    expect(check({ headers: { "webhook-signature": "v2,abc v1" } }).valid).toBe(false);
  });

  it("rejects timestamps more than 5 minutes away and missing headers", () => {
    const headers = signWebhook({ id: "evt-abc", body, secrets: [whsecSecret], timestamp: now });
    const at = (offsetSeconds: number) =>
      verifyWebhook({
        body,
        headers,
        secrets: [whsecSecret],
        now: new Date(now.getTime() + offsetSeconds * 1000),
      }).valid;
    expect(at(300)).toBe(true);
    expect(at(-300)).toBe(true);
    expect(at(301)).toBe(false);
    expect(at(-301)).toBe(false);
    expect(verifyWebhook({ body, headers: {}, secrets: [whsecSecret], now }).valid).toBe(false);
    expect(
      verifyWebhook({
        body,
        headers: { ...headers, "webhook-timestamp": "1.5e9" },
        secrets: [whsecSecret],
        now,
      }).valid,
    ).toBe(false);
  });
});
