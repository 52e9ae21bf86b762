"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TReceiptVerification } from "../console/api";
import { Button } from "../ui/button";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { ReceiptStatus } from "./receipt-status";
import styles from "./receipts.module.css";

const checkLabels: Record<TReceiptVerification["checks"][number]["name"], string> = {
  schema: "Receipt schema",
  evidence_chain: "Evidence chain links and hashes",
  attest_hash: "Attest hash recomputed from the facts",
  terms: "Amount and parties are the accepted terms",
  policy: "Policy decision replayed",
  agreement: "Negotiation transcript and agent signatures",
  signing_keys: "Signing keys were in the log before they signed",
  mandate_signature: "Payer's mandate and who signed it",
  inclusion: "Included in the attest log",
  tree_head_signature: "Tree head signature (Ed25519)",
  tree_head_key_window: "Signing key's window",
  witness_cosignatures: "Witness cosignatures (quorum)",
};

export function VerifyPanel({
  environment,
  receiptId,
}: {
  environment: TEnvironment;
  receiptId: string;
}) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () =>
      consoleFetch<TReceiptVerification>(
        `/api/console/receipts/${encodeURIComponent(receiptId)}/verify?environment=${environment}`,
        { method: "POST" },
      ),
    // Verification may change the stored status (pending → valid, or invalid).
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.receipt(environment, receiptId) }),
  });
  const result = verify.data;
  return (
    <div className={ui.card} data-testid="verification">
      <div className={styles.verifyBar}>
        <Button variant="primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? "Verifying…" : "Verify"}
        </Button>
        {result ? (
          <span>
            <ReceiptStatus status={result.status} />{" "}
            <span className={ui.muted}>
              checked <Time value={result.verifiedAt} />
            </span>
          </span>
        ) : (
          <span className={ui.muted}>
            Recomputes the evidence hashes and the attest hash, derives the terms from the evidence,
            replays the policy and checks the log proof.
          </span>
        )}
      </div>
      {verify.error ? <div className={ui.alert}>{verify.error.message}</div> : null}
      {result ? (
        <div style={{ padding: "0 20px 16px" }}>
          <ul className={styles.checks} aria-label="Checks">
            {result.checks.map((check) => (
              <li key={check.name} data-testid="check" data-ok={check.ok}>
                <span className={check.ok ? styles.pass : styles.fail}>{check.ok ? "✓" : "✗"}</span>
                <span>{checkLabels[check.name]}</span>
                {check.detail ? <span className={ui.muted}>{check.detail}</span> : null}
              </li>
            ))}
          </ul>
          {result.evidence ? (
            <p className={ui.muted}>
              Evidence records: {result.evidence.filter((record) => record.valid).length} of{" "}
              {result.evidence.length} valid.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
