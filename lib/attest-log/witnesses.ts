import { config } from "@/config";
import { parseWitnessVkey, type TWitnessKey } from "@/lib/attest";

let parsed: { source: readonly string[]; witnesses: TWitnessKey[] } | undefined;

/**
 * The witnesses ATTEST_WITNESSES configures. The config module checks the vkeys' shape only (it
 * imports nothing from lib); a vkey whose key ID does not match its name and key throws here.
 */
export function configuredWitnesses(): TWitnessKey[] {
  const source = config().ATTEST_WITNESSES ?? [];
  if (parsed?.source !== source) parsed = { source, witnesses: source.map(parseWitnessVkey) };
  return parsed.witnesses;
}
