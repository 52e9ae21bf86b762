import { canonicalJson } from "../attest/canonical";

/*
 * What an x402 payment of this service is on the wire, shared by the facilitator and the SDK
 * (so free of Node-only APIs): the scheme `exact` on the network `agent-settlement:<environment>`,
 * an amount in the currency's minor units with the ISO currency code as the asset, the payee
 * agent's id as `payTo`, and a payload `{ jws }`: the paying agent's compact JWS, by one of its
 * registered keys (`kid`), over the RFC 8785 canonical JSON of the payment statement.
 */

export const X402_VERSION = 2;
export const X402_SCHEME = "exact";

export type TX402Environment = "sandbox" | "production";

/** The CAIP-2 network id of one environment of this deployment. */
export const x402Network = (environment: TX402Environment) =>
  `agent-settlement:${environment}` as const;

export type TX402Requirements = {
  scheme: string;
  network: `${string}:${string}`;
  asset: string;
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
};

/**
 * What the paying agent signs: these requirements (their `extra.resource` names the resource,
 * put there by the SDK's server scheme), by it, once (nonce), until expiresAt.
 */
export type TPaymentStatement = {
  requirements: TX402Requirements;
  payer: string;
  nonce: string;
  expiresAt: string;
};

export const paymentStatementText = (statement: TPaymentStatement): string =>
  canonicalJson(statement);
