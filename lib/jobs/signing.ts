import { createHmac, randomBytes } from "node:crypto";

/**
 * Request signing as the Inngest SDK verifies it: `X-Inngest-Signature: t=<unix s>&s=<hex>`,
 * HMAC-SHA256 over the canonicalized JSON body followed by `t`, keyed with the signing key's
 * text after its `signkey-<env>-` prefix. The SDK refuses signatures older than five minutes.
 */
export const SIGNATURE_HEADER = "x-inngest-signature";

export function generateSigningKey(): string {
  return `signkey-embedded-${randomBytes(32).toString("hex")}`;
}

const withoutPrefix = (signingKey: string) => signingKey.replace(/^signkey-\w+-/, "");

export function signature(body: string, signingKey: string, nowMs = Date.now()): string {
  const t = Math.round(nowMs / 1000).toString();
  const mac = createHmac("sha256", withoutPrefix(signingKey)).update(body).update(t).digest("hex");
  return `t=${t}&s=${mac}`;
}

/**
 * The body to send and its signature header. The SDK parses the body and signs its canonical
 * form, so sending the canonical form makes both sides hash the same bytes.
 */
export function signedJson(
  payload: unknown,
  signingKey: string,
): { body: string; headers: Record<string, string> } {
  const body = canonicalJson(payload);
  return {
    body,
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signature(body, signingKey),
    },
  };
}

/**
 * Sorted keys, no whitespace: the serialization of the `canonicalize` 1.x release the SDK
 * verifies with (the project's own `canonicalize` 4.x refuses lone surrogates, which 1.x keeps).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object" || "toJSON" in value) {
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  const record = value as Record<string, unknown>;
  const parts = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${parts.join(",")}}`;
}
