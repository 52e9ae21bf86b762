import { createHmac, timingSafeEqual } from "node:crypto";
import { webhookSecretKey } from "@/lib/webhooks/endpoints/secret";

export const signatureVersion = "v1";
/** Standard Webhooks' default: a timestamp more than 5 minutes away from now is refused. */
export const defaultToleranceSeconds = 5 * 60;

export type TSignatureHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

type THeaderSource =
  | Headers
  | Readonly<Record<string, string | readonly string[] | number | undefined>>;

export type TVerifyResult = { valid: true } | { valid: false; reason: string };

function hmac({
  key,
  id,
  timestamp,
  body,
}: {
  key: Uint8Array;
  id: string;
  timestamp: string;
  body: string;
}) {
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`, "utf8").digest();
}

/**
 * Standard Webhooks headers for one attempt. Every secret in `secrets` (the current one and any
 * still inside a rotation overlap) adds its own `v1,<signature>`, space separated.
 */
export function signWebhook({
  id,
  body,
  secrets,
  timestamp = new Date(),
}: {
  id: string;
  body: string;
  secrets: readonly string[];
  timestamp?: Date;
}): TSignatureHeaders {
  if (secrets.length === 0) {
    throw new Error("signWebhook needs at least one secret");
  }
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(id)) {
    throw new Error("webhook id must be 1 to 255 URL-safe characters (A-Z, a-z, 0-9, _, -)");
  }
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const signatures = secrets.map((secret) => {
    const digest = hmac({ key: webhookSecretKey(secret), id, timestamp: seconds, body });
    return `${signatureVersion},${digest.toString("base64")}`;
  });
  return {
    "webhook-id": id,
    "webhook-timestamp": seconds,
    "webhook-signature": signatures.join(" "),
  };
}

function readHeader(headers: THeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) {
      if (Array.isArray(value)) return value.join(" ");
      return value === undefined ? undefined : String(value);
    }
  }
  return undefined;
}

/**
 * Checks the Standard Webhooks signature of a request against any of `secrets`: timing-safe
 * comparison, and a timestamp no further than `toleranceSeconds` from `now`.
 */
export function verifyWebhook({
  body,
  headers,
  secrets,
  now = new Date(),
  toleranceSeconds = defaultToleranceSeconds,
}: {
  body: string;
  headers: THeaderSource;
  secrets: readonly string[];
  now?: Date;
  toleranceSeconds?: number;
}): TVerifyResult {
  const id = readHeader(headers, "webhook-id");
  const timestamp = readHeader(headers, "webhook-timestamp");
  const signature = readHeader(headers, "webhook-signature");
  if (!id || !timestamp || !signature) {
    return { valid: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  }
  if (!/^\d{1,15}$/.test(timestamp)) {
    return { valid: false, reason: "webhook-timestamp is not a Unix time in seconds" };
  }
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp));
  if (skew > toleranceSeconds) {
    return { valid: false, reason: "webhook-timestamp is outside the tolerance" };
  }
  const passed = signature
    .split(" ")
    .map((entry) => entry.split(","))
    .filter(([version, value]) => version === signatureVersion && value !== undefined)
    .map(([, value]) => Buffer.from(value ?? "", "base64"));
  for (const secret of secrets) {
    const expected = hmac({ key: webhookSecretKey(secret), id, timestamp, body });
    for (const candidate of passed) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) {
        return { valid: true };
      }
    }
  }
  return { valid: false, reason: "no signature matches" };
}
