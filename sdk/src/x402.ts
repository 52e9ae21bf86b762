import type { FacilitatorConfig } from "@x402/core/http";
import type {
  AssetAmount,
  Network,
  PaymentRequirements,
  Price,
  SchemeNetworkClient,
  SchemeNetworkServer,
} from "@x402/core/types";
import { toBase64Url } from "../../lib/attest/bytes";
import {
  x402Network as networkOf,
  paymentStatementText,
  type TX402Environment,
  X402_SCHEME,
} from "../../lib/x402/payment-statement";
import { basePath, DEFAULT_BASE_URL } from "./client";

/*
 * x402 v2 with the Agent Settlement Service as the facilitator: the scheme `exact` on the
 * network `agent-settlement:<environment>`, amounts in a currency's minor units (the asset is
 * the ISO code), `payTo` an agent id, and the paying agent's JWS as the payment.
 */

/** The CAIP-2 network id of an environment: `agent-settlement:sandbox` or `…:production`. */
export const x402Network = (environment: TX402Environment): Network => networkOf(environment);

const utf8 = (text: string) => new TextEncoder().encode(text);

const signingKey = async (privateKey: CryptoKey | JsonWebKey) => {
  if (!("kty" in privateKey)) return privateKey as CryptoKey;
  const params =
    privateKey.kty === "OKP" ? { name: "Ed25519" } : { name: "ECDSA", namedCurve: "P-256" };
  return crypto.subtle.importKey("jwk", privateKey, params, false, ["sign"]);
};

async function compactJws({
  key,
  kid,
  payloadText,
}: {
  key: CryptoKey;
  kid: string;
  payloadText: string;
}) {
  const ed25519 = key.algorithm.name === "Ed25519";
  const header = toBase64Url(utf8(JSON.stringify({ alg: ed25519 ? "EdDSA" : "ES256", kid })));
  const payload = toBase64Url(utf8(payloadText));
  const signature = await crypto.subtle.sign(
    ed25519 ? { name: "Ed25519" } : { name: "ECDSA", hash: "SHA-256" },
    key,
    utf8(`${header}.${payload}`),
  );
  return `${header}.${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

const randomNonce = () => toBase64Url(crypto.getRandomValues(new Uint8Array(24)));

/**
 * The paying agent's side, for `x402Client.register(x402Network(env), x402ClientScheme(…))`:
 * signs each payment with one of the agent's registered keys (Ed25519 or P-256; a CryptoKey or
 * a private JWK), valid for the requirements' `maxTimeoutSeconds`.
 */
export function x402ClientScheme({
  agentId,
  keyId,
  privateKey,
}: {
  agentId: string;
  keyId: string;
  privateKey: CryptoKey | JsonWebKey;
}): SchemeNetworkClient {
  const key = signingKey(privateKey);
  return {
    scheme: X402_SCHEME,
    // USD amounts count against the x402 client's spend cap (`spendControls`, $1 by default).
    findDefaultAsset: (asset) =>
      asset === "USD" ? { asset: "USD", decimals: 2, symbol: "USD" } : undefined,
    async createPaymentPayload(x402Version, requirements) {
      const expiresAt = new Date(Date.now() + requirements.maxTimeoutSeconds * 1000).toISOString();
      const payloadText = paymentStatementText({
        requirements,
        payer: agentId,
        nonce: randomNonce(),
        expiresAt,
      });
      return {
        x402Version,
        payload: { jws: await compactJws({ key: await key, kid: keyId, payloadText }) },
      };
    },
  };
}

const MONEY = /^\$?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** `"$1.25"`, `"1.25"` or `1.25` is 125 USD cents; `{ amount, asset }` is taken as it is. */
async function parsePrice(price: Price): Promise<AssetAmount> {
  if (typeof price === "object") return price;
  const match = MONEY.exec(String(price));
  if (!match) throw new Error(`price ${price} is not dollars and cents; pass { amount, asset }`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return { amount: String(cents), asset: "USD" };
}

/**
 * The merchant's side, for `x402ResourceServer.register(x402Network(env), x402ServerScheme())`:
 * prices in minor units of a currency, and each requirement names its resource
 * (`extra.resource`) so that the agent's signature covers what it pays for.
 */
export function x402ServerScheme(): SchemeNetworkServer {
  return {
    scheme: X402_SCHEME,
    defaultAssetTransferMethod: "default",
    paymentFlows: { default: { supported: ["authorization"], default: "authorization" } },
    parsePrice,
    getAssetDecimals: () => 2,
    async enhancePaymentRequirements(requirements: PaymentRequirements) {
      return requirements;
    },
    async enrichPaymentRequiredResponse({ requirements, resourceInfo }) {
      return requirements.map((requirement) =>
        requirement.scheme === X402_SCHEME
          ? { ...requirement, extra: { ...requirement.extra, resource: resourceInfo.url } }
          : requirement,
      );
    },
  };
}

/**
 * The facilitator config for `new HTTPFacilitatorClient(x402Facilitator({ apiKey }))`: this
 * service's `/x402` of the API key's environment, authenticated with the merchant's API key.
 */
export function x402Facilitator({
  apiKey,
  baseUrl = DEFAULT_BASE_URL,
}: {
  apiKey: string;
  baseUrl?: string;
}): FacilitatorConfig {
  const headers = { Authorization: `Bearer ${apiKey}` };
  return {
    url: `${baseUrl.replace(/\/+$/, "")}${basePath({ apiKey })}/x402`,
    createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
  };
}
