import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ZWebhookSecret } from "./schemas";
import { decodeWebhookSecret, generateWebhookSecret, webhookSecretKey } from "./secret";

const messageOf = (secret: unknown) => {
  const parsed = ZWebhookSecret.safeParse(secret);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe("webhook secrets", () => {
  it("generates valid whsec_ secrets of 32 random bytes, never the same twice", () => {
    const [one, two] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(one).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretKey(one)).toHaveLength(32);
    expect(one).not.toBe(two);
  });

  it("uses a whsec_ secret as its decoded bytes", () => {
    const bytes = randomBytes(32);
    expect(Buffer.from(webhookSecretKey(`whsec_${bytes.toString("base64")}`))).toEqual(bytes);
  });

  it("uses any other secret as its UTF-8 bytes", () => {
    const secret = "a-plain-secret-of-24-chars-é";
    expect(Buffer.from(webhookSecretKey(secret)).toString("utf8")).toBe(secret);
  });

  it("accepts 24 characters and more, counting characters rather than bytes", () => {
    expect(messageOf("a".repeat(24))).toBeUndefined();
    expect(messageOf("é".repeat(24))).toBeUndefined();
    expect(messageOf("a".repeat(23))).toMatch(/at least 24 characters/);
    expect(messageOf("😀".repeat(12))).toMatch(/at least 24 characters/);
  });

  it("explains what is wrong with a whsec_ secret", () => {
    expect(messageOf("whsec_")).toMatch(/standard base64/);
    expect(messageOf(`whsec_${randomBytes(32).toString("base64url")}-_`)).toMatch(
      /standard base64/,
    );
    expect(messageOf(`whsec_${randomBytes(16).toString("base64")}`)).toMatch(
      /24 to 64 bytes \(got 16\)/,
    );
    expect(messageOf(`whsec_${randomBytes(65).toString("base64")}`)).toMatch(/got 65/);
    expect(messageOf(`whsec_${randomBytes(24).toString("base64")}`)).toBeUndefined();
  });

  it("refuses control characters, surrounding spaces, overlong values and non-strings", () => {
    expect(messageOf(`${"a".repeat(30)}\n`)).toMatch(/control characters/);
    expect(messageOf(` ${"a".repeat(30)}`)).toMatch(/whitespace/);
    expect(messageOf("a".repeat(257))).toMatch(/at most 256/);
    expect(messageOf(42)).toBe("secret must be a string");
    expect(decodeWebhookSecret("short")).toMatchObject({ ok: false });
  });
});
