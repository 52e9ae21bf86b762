import type { TAgentRow } from "@/db/schema";
import { hashMandate, normalizeMandateTerms } from "@/lib/attest/mandate";
import { invalid } from "@/lib/http/api-error";
import type { TMandateInput } from "./schemas";

type TMandateColumns = Pick<TAgentRow, "mandate" | "mandateHash" | "mandateVersion">;

/**
 * The agent columns that setting `input` as its mandate writes (null removes it). Terms equal to
 * the current ones write nothing, so the version grows only when the mandate changes.
 */
export function mandateChange({
  current,
  input,
  now,
}: {
  current: TMandateColumns;
  input: TMandateInput | null;
  now: Date;
}): Partial<TMandateColumns> {
  if (input === null) {
    if (current.mandate === null) return {};
    return { mandate: null, mandateHash: null, mandateVersion: current.mandateVersion + 1 };
  }
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
    throw invalid("A mandate must expire in the future.", "mandate.expiresAt");
  }
  const terms = normalizeMandateTerms({
    limits: input.limits,
    allowedCounterparties: input.allowedCounterparties,
    expiresAt: expiresAt?.toISOString() ?? null,
  });
  const hash = hashMandate(terms);
  if (hash === current.mandateHash) return {};
  return { mandate: terms, mandateHash: hash, mandateVersion: current.mandateVersion + 1 };
}
