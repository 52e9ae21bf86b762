"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { rollOverlaps, type TRollOverlap } from "@/lib/keys/roll-overlaps";
import { consoleFetch, queryKeys, type TApiKey, type TRolledKey } from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { formatAbsolute, formatRelative } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./keys.module.css";
import { SecretReveal } from "./secret-reveal";

const overlapLabels: Record<TRollOverlap, string> = {
  now: "Now",
  "1h": "In 1 hour",
  "24h": "In 24 hours",
  "7d": "In 7 days",
};

function stopsWorking(expiresAt: Date) {
  return expiresAt.getTime() <= Date.now()
    ? "immediately"
    : `${formatAbsolute(expiresAt)} (${formatRelative(expiresAt)})`;
}

export function RollKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [overlap, setOverlap] = useState<TRollOverlap>("24h");
  const roll = useMutation({
    mutationFn: () =>
      consoleFetch<TRolledKey>(`/api/console/keys/${encodeURIComponent(apiKey.id)}/roll`, {
        method: "POST",
        body: { overlap },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.keys(apiKey.environment) }),
  });

  if (roll.data) {
    const oldExpiry = new Date(roll.data.previous.expiresAt!);
    return (
      <Dialog
        open
        onClose={onClose}
        title="Key rolled"
        footer={
          <Button variant="primary" onClick={onClose} autoFocus>
            Done
          </Button>
        }
      >
        <SecretReveal secret={roll.data.secret} />
        <p className={styles.expiryNote} data-testid="old-key-expiry">
          The old secret <code>…{apiKey.last4}</code> stops working{" "}
          <strong>{stopsWorking(oldExpiry)}</strong>.
        </p>
      </Dialog>
    );
  }

  const preview = new Date(Date.now() + rollOverlaps[overlap]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Roll “${apiKey.name}”`}
      description="A new secret replaces this one. Keep the old one working long enough to deploy the new one."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => roll.mutate()} disabled={roll.isPending}>
            {roll.isPending ? "Rolling…" : "Roll key"}
          </Button>
        </>
      }
    >
      {roll.error ? <div className={ui.alert}>{roll.error.message}</div> : null}
      <fieldset className={styles.overlaps}>
        <legend className={ui.label}>The old secret stops working</legend>
        {(Object.keys(rollOverlaps) as TRollOverlap[]).map((option) => (
          <label key={option} className={styles.overlapOption}>
            <input
              type="radio"
              name="overlap"
              value={option}
              checked={overlap === option}
              onChange={() => setOverlap(option)}
            />
            {overlapLabels[option]}
          </label>
        ))}
      </fieldset>
      <p className={styles.expiryNote} data-testid="expiry-preview">
        <code>…{apiKey.last4}</code> will stop working <strong>{stopsWorking(preview)}</strong>.
      </p>
    </Dialog>
  );
}
