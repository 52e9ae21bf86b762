import type { JWK } from "jose";

/**
 * The document served at /.well-known/jwks.json. It takes public JWKs of any kind, so that other
 * signers (e.g. tree-head keys) can be published beside the RS256 token keys.
 */
export function buildJwks(keys: readonly JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...jwk }) => jwk) };
}
