import { toBase64 } from "../../lib/attest/bytes";
import { decodeWebhookSecret } from "../../lib/webhooks/endpoints/secret";
import type { components } from "./generated/openapi";

type TSchemas = components["schemas"];

/**
 * An event as a webhook endpoint receives it: a union discriminated by `type`, so that
 * `if (event.type === "settlement.executed")` narrows `event.data.object` to a Settlement.
 */
export type TWebhookEvent = TSchemas[Exclude<Extract<keyof TSchemas, `${string}Event`>, "Event">];

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

type THeaders = Headers | Record<string, string | string[] | undefined>;

const readHeader = (headers: THeaders, name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(" ") : value;
};

/** The HMAC key of a secret, decoded by the same rules the service signs with. */
const secretKey = (secret: string): Uint8Array<ArrayBuffer> => {
  const decoded = decodeWebhookSecret(secret);
  if (!decoded.ok) throw new WebhookVerificationError(decoded.message);
  return decoded.key;
};

const constantTimeEqual = (a: string, b: string) => {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
};

/** The base64 HMAC-SHA256 of `id.timestamp.payload` under a secret (Standard Webhooks `v1`). */
async function webhookSignature(input: {
  secret: string;
  id: string;
  timestamp: string;
  payload: string;
}): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    secretKey(input.secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signed = new TextEncoder().encode(`${input.id}.${input.timestamp}.${input.payload}`);
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, signed)));
}

/**
 * For your tests: the headers the service would send with `payload` signed by `secret`, so a
 * receiver's verification can be tested without a delivery. `verifyWebhook` accepts them.
 */
export async function signWebhookForTest({
  payload,
  secret,
  id = `evt-test-${crypto.randomUUID()}`,
  timestamp = new Date(),
}: {
  payload: string;
  secret: string;
  id?: string;
  timestamp?: Date;
}): Promise<Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string>> {
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const signature = await webhookSignature({ secret, id, timestamp: seconds, payload });
  return { "webhook-id": id, "webhook-timestamp": seconds, "webhook-signature": `v1,${signature}` };
}

/**
 * Checks a delivery's Standard Webhooks signature and returns its event. `payload` is the raw
 * request body, exactly as received; `secret` may list several secrets while you rotate yours,
 * and the header may carry several signatures while the service rotates. Throws
 * WebhookVerificationError when no signature matches or the timestamp is more than
 * `toleranceSeconds` away from now.
 */
export async function verifyWebhook(
  payload: string,
  headers: THeaders,
  secret: string | readonly string[],
  { toleranceSeconds = 300, now = new Date() }: { toleranceSeconds?: number; now?: Date } = {},
): Promise<TWebhookEvent> {
  const id = readHeader(headers, "webhook-id");
  const timestamp = readHeader(headers, "webhook-timestamp");
  const signatures = readHeader(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      "missing webhook-id, webhook-timestamp or webhook-signature header",
    );
  }
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError("webhook-timestamp is not a Unix time in seconds");
  }
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError("webhook-timestamp is outside the tolerance");
  }
  const offered = signatures
    .split(" ")
    .filter((entry) => entry.startsWith("v1,"))
    .map((entry) => entry.slice(3));
  for (const candidate of typeof secret === "string" ? [secret] : secret) {
    const expected = await webhookSignature({ secret: candidate, id, timestamp, payload });
    if (offered.some((signature) => constantTimeEqual(signature, expected))) {
      return JSON.parse(payload) as TWebhookEvent;
    }
  }
  throw new WebhookVerificationError("no signature matches the secret");
}
