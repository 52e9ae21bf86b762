import type { TAgentRow } from "@/db/schema";
import type { TMandateSignature } from "@/lib/attest";
import { hashMandate, normalizeMandateTerms, type TMandateTerms } from "@/lib/attest/mandate";
import { invalid } from "@/lib/http/api-error";
import type { TMandateInput } from "./schemas";

type TMandateColumns = Pick<
  TAgentRow,
  "mandate" | "mandateHash" | "mandateVersion" | "mandateSignature"
>;

/** The terms a mandate input sets, in normal form; 400 when it would already have expired. */
export function mandateTermsOf(input: TMandateInput, now: Date): TMandateTerms {
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
    throw invalid("A mandate must expire in the future.", "mandate.expiresAt");
  }
  return normalizeMandateTerms({
    limits: input.limits,
    allowedCounterparties: input.allowedCounterparties,
    expiresAt: expiresAt?.toISOString() ?? null,
  });
}

/**
 * The agent columns that setting `terms` (with its issuer's `signature`, checked already) as
 * its mandate writes; null removes it. The same terms and signature again write nothing, so the
 * version grows only when the mandate or who signed it changes.
 */
export function mandateChange({
  current,
  terms,
  signature,
}: {
  current: TMandateColumns;
  terms: TMandateTerms | null;
  signature: TMandateSignature | null;
}): Partial<TMandateColumns> {
  if (terms === null) {
    if (current.mandate === null) return {};
    return {
      mandate: null,
      mandateHash: null,
      mandateSignature: null,
      mandateVersion: current.mandateVersion + 1,
    };
  }
  const hash = hashMandate(terms);
  if (hash === current.mandateHash && signature?.jws === current.mandateSignature?.jws) return {};
  return {
    mandate: terms,
    mandateHash: hash,
    mandateSignature: signature,
    mandateVersion: current.mandateVersion + 1,
  };
}
