/** A named check of a receipt verification, in the order the verifier runs them. */
export type TVerifyCheckName =
  | "schema"
  | "evidence_chain"
  | "attest_hash"
  | "terms"
  | "policy"
  | "agreement"
  | "signing_keys"
  | "mandate_signature"
  | "inclusion"
  | "tree_head_signature"
  | "tree_head_key_window"
  | "witness_cosignatures";

export type TVerifyCheck = { name: TVerifyCheckName; ok: boolean; detail?: string };

export const check = (name: TVerifyCheckName, ok: boolean, detail?: string): TVerifyCheck =>
  detail === undefined ? { name, ok } : { name, ok, detail };
