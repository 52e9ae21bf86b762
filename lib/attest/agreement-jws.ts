import { algorithmOf, type TAgentPublicJwk } from "./agent-public-key";
import { fromBase64Url, utf8ToBytes } from "./bytes";
import { InvalidPublicKey, verifySignature } from "./verify-signature";

/*
 * Compact JWS (RFC 7515) verification for agreement signatures, in any JavaScript runtime so
 * that the SDK's offline verifier runs it unchanged (verifySignature). The algorithm is the
 * key's, never the header's choice alone: `none`, HMAC and any other `alg` fail, as do headers
 * with `crit` or `b64`.
 */

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_JWS_LENGTH = 8192;

export type TJwsVerdict = { ok: true } | { ok: false; detail: string };

export type TCompactJws = {
  header: Record<string, unknown>;
  payloadText: string;
  signingInput: Uint8Array;
  signature: Uint8Array;
};

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const decodeText = (segment: string) => strictUtf8.decode(fromBase64Url(segment));

/** Splits and decodes a compact JWS; null when it is not one. */
export const readCompactJws = (jws: string): TCompactJws | null => {
  if (jws.length > MAX_JWS_LENGTH) return null;
  const parts = jws.split(".");
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const parsed: unknown = JSON.parse(decodeText(header));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    return {
      header: parsed as Record<string, unknown>,
      payloadText: decodeText(payload),
      signingInput: utf8ToBytes(`${header}.${payload}`),
      signature: fromBase64Url(signature),
    };
  } catch {
    return null;
  }
};

/**
 * Verifies `jws` with `jwk` and checks that it signs exactly `payloadText` (byte for byte) and
 * names `kid` in its header.
 */
export const verifyAgreementJws = async ({
  jws,
  jwk,
  kid,
  payloadText,
  statement = "{negotiationId, round, action, terms}",
}: {
  jws: string;
  jwk: TAgentPublicJwk;
  kid: string;
  payloadText: string;
  /** How a refusal names the statement it should sign. */
  statement?: string;
}): Promise<TJwsVerdict> => {
  const parsed = readCompactJws(jws);
  if (!parsed) return { ok: false, detail: "is not a compact JWS" };
  const { header } = parsed;
  const algorithm = algorithmOf(jwk);
  if (header.alg !== algorithm) {
    return {
      ok: false,
      detail: `must use alg ${algorithm} (the key's), not ${String(header.alg)}`,
    };
  }
  if ("crit" in header || "b64" in header) {
    return { ok: false, detail: "must not carry crit or b64 header parameters" };
  }
  if (header.kid !== kid) return { ok: false, detail: `must name kid ${kid}` };
  if (parsed.payloadText !== payloadText) {
    return {
      ok: false,
      detail: `does not sign the canonical JSON of ${statement}`,
    };
  }
  let valid: boolean;
  try {
    valid = await verifySignature({
      jwk,
      signature: parsed.signature,
      data: parsed.signingInput,
    });
  } catch (error) {
    if (!(error instanceof InvalidPublicKey)) throw error;
    return { ok: false, detail: "names a key that is not a valid public key" };
  }
  return valid ? { ok: true } : { ok: false, detail: "does not verify with the key" };
};
