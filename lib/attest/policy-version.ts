/*
 * A policy version id names one immutable version of a settlement policy:
 * `pol-<name>@v<version>`, e.g. `pol-standard@v3`. The name is lowercase kebab case (at most
 * 64 characters), the version a positive integer without leading zeros. Editing a policy makes a
 * new version; an id is never reused for different rules.
 */
export const POLICY_VERSION_PATTERN = /^pol-[a-z0-9]+(?:-[a-z0-9]+)*@v[1-9][0-9]{0,8}$/;

const MAX_NAME_LENGTH = 64;

export type TPolicyVersion = { policy: string; version: number };

export const formatPolicyVersionId = ({ policy, version }: TPolicyVersion): string => {
  const id = `pol-${policy}@v${version}`;
  if (!isPolicyVersionId(id)) throw new Error(`invalid policy version: ${policy} v${version}`);
  return id;
};

export const isPolicyVersionId = (value: string): boolean => {
  if (!POLICY_VERSION_PATTERN.test(value)) return false;
  return value.indexOf("@") - "pol-".length <= MAX_NAME_LENGTH;
};

export const parsePolicyVersionId = (value: string): TPolicyVersion | null => {
  if (!isPolicyVersionId(value)) return null;
  const at = value.lastIndexOf("@");
  return { policy: value.slice("pol-".length, at), version: Number(value.slice(at + 2)) };
};
