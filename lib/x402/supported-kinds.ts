import type { TEnvironment } from "@/lib/environment";
import { X402_SCHEME, X402_VERSION, x402Network } from "./payment-statement";
import type { TX402Supported } from "./schemas";

/** x402 supported: one kind, the `exact` scheme on this environment's network. */
export const supportedKinds = (environment: TEnvironment): TX402Supported => ({
  kinds: [{ x402Version: X402_VERSION, scheme: X402_SCHEME, network: x402Network(environment) }],
  extensions: [],
  signers: {},
});
