"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import ui from "../ui/ui.module.css";
import styles from "./webhooks.module.css";

/**
 * The endpoint's signing secret, hidden until asked for: Reveal fetches it from its own route,
 * so it is in no other payload; Hide drops it from the page again. Viewers cannot reveal it: with
 * the secret they could forge the organization's webhooks.
 */
export function SigningSecret({
  environment,
  webhookId,
}: {
  environment: TEnvironment;
  webhookId: string;
}) {
  const [revealed, setRevealed] = useState(false);
  const canReveal = useCanChange();
  const secret = useQuery({
    queryKey: queryKeys.webhookSecret(environment, webhookId),
    queryFn: () =>
      consoleFetch<{ webhookId: string; secret: string }>(
        `/api/console/webhooks/${encodeURIComponent(webhookId)}/secret?environment=${environment}`,
      ),
    enabled: revealed,
    gcTime: 0,
  });
  const value = revealed ? secret.data?.secret : undefined;
  return (
    <div className={styles.secretRow}>
      <div className={ui.secretBox} style={{ flex: 1 }}>
        <span className={ui.secretValue} data-testid="signing-secret">
          {value ??
            (revealed && secret.isPending ? "Loading…" : "••••••••••••••••••••••••••••••••")}
        </span>
      </div>
      {value ? <CopyButton value={value} /> : null}
      {canReveal ? (
        <Button size="small" onClick={() => setRevealed((shown) => !shown)}>
          {revealed ? "Hide" : "Reveal"}
        </Button>
      ) : null}
      {secret.error && revealed ? <div className={ui.alert}>{secret.error.message}</div> : null}
    </div>
  );
}
