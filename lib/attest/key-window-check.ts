import { findTreeHeadKey } from "./checkpoint";
import type { TJwk, TJwks, TTreeHead } from "./schemas";
import { check, type TVerifyCheck } from "./verify-check";

type THeadPosition = Pick<TTreeHead, "origin" | "treeSize">;

/** Whether one of the key's windows takes a checkpoint of this log at this size. */
export const keyWindowCovers = (jwk: TJwk, { origin, treeSize }: THeadPosition): boolean =>
  (jwk.windows ?? []).some(
    (window) =>
      window.origin === origin &&
      window.firstTreeSize <= treeSize &&
      (window.lastTreeSize === undefined || treeSize <= window.lastTreeSize),
  );

const describeWindows = (jwk: TJwk, origin: string) =>
  (jwk.windows ?? [])
    .filter((window) => window.origin === origin)
    .map((window) => `${window.firstTreeSize}–${window.lastTreeSize ?? "now"}`)
    .join(", ");

/**
 * The `tree_head_key_window` check: the key that signed the tree head was the log's signing key
 * at that tree size. A retired key stays published so that what it signed verifies, and its
 * windows end at its transition checkpoint, so a head it signs afterwards (a leaked key forking
 * the log) is refused. A JWK without windows (a key the verifier pinned itself) is taken at any
 * size, and the check says so.
 */
export const checkTreeHeadKeyWindow = ({
  treeHead,
  jwks,
}: {
  treeHead: THeadPosition & Pick<TTreeHead, "keyId">;
  jwks: TJwks;
}): TVerifyCheck => {
  const jwk = findTreeHeadKey({ jwks, kid: treeHead.keyId });
  if (!jwk) {
    return check("tree_head_key_window", false, `no Ed25519 key ${treeHead.keyId} in the JWKS`);
  }
  if (jwk.windows === undefined) {
    return check(
      "tree_head_key_window",
      true,
      `the JWKS gives key ${treeHead.keyId} no windows, so any tree size is taken`,
    );
  }
  if (keyWindowCovers(jwk, treeHead)) return check("tree_head_key_window", true);
  const windows = describeWindows(jwk, treeHead.origin);
  return check(
    "tree_head_key_window",
    false,
    windows
      ? `key ${treeHead.keyId} signs ${treeHead.origin} only at tree sizes ${windows}, not ${treeHead.treeSize}`
      : `key ${treeHead.keyId} never signed ${treeHead.origin}`,
  );
};
