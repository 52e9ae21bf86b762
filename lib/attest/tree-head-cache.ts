import { findTreeHeadKey, type TTreeHeadVerification, verifyTreeHeadWithKey } from "./checkpoint";
import type { TJwks, TTreeHead } from "./schemas";

/*
 * Many receipts share one signed tree head, and an Ed25519 verify costs ~100 µs, so results are
 * cached. The cache key is everything the verdict depends on: the public key material (not just
 * the kid, so another JWKS reusing a kid cannot inherit a verdict), origin, size, root and
 * signature.
 */
export const createTreeHeadVerifier = ({ maxEntries = 4096 }: { maxEntries?: number } = {}) => {
  const verdicts = new Map<string, Promise<TTreeHeadVerification>>();

  const verify = ({
    treeHead,
    jwks,
  }: {
    treeHead: TTreeHead;
    jwks: TJwks;
  }): Promise<TTreeHeadVerification> => {
    const jwk = findTreeHeadKey({ jwks, kid: treeHead.keyId });
    if (!jwk) {
      return Promise.resolve({
        ok: false,
        detail: `no Ed25519 key ${treeHead.keyId} in the JWKS`,
      });
    }
    const key = [
      treeHead.keyId,
      jwk.x,
      treeHead.origin,
      treeHead.treeSize,
      treeHead.rootHash,
      treeHead.signature,
    ].join("\n");
    const cached = verdicts.get(key);
    if (cached) return cached;
    const verdict = verifyTreeHeadWithKey({ treeHead, x: jwk.x });
    // Oldest first out: a Map iterates in insertion order.
    if (verdicts.size >= maxEntries) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
    return verdict;
  };

  return { verify, size: () => verdicts.size, clear: () => verdicts.clear() };
};

export type TTreeHeadVerifier = ReturnType<typeof createTreeHeadVerifier>;
