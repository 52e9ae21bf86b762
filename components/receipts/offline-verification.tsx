"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch } from "../console/api";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import ui from "../ui/ui.module.css";
import styles from "./receipts.module.css";

/** Saves `document` as a JSON file through the browser's own download. */
function saveJson(document: unknown, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: "application/json" }),
  );
  const link = Object.assign(window.document.createElement("a"), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** The receipt's bundle to download, and the one command that verifies it without us. */
export function OfflineVerification({
  environment,
  receiptId,
}: {
  environment: TEnvironment;
  receiptId: string;
}) {
  // The JWKS address is this page's origin, known only in the browser.
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const fileName = `${receiptId}.json`;
  // The SDK's command, from the package this deployment serves (it is not on the npm registry).
  const command = `npx --yes --package ${origin}/sdk/agent-settlement-sdk.tgz agent-settlement verify-receipt ${fileName} --jwks ${origin}/.well-known/jwks.json`;
  const download = useMutation({
    mutationFn: () =>
      consoleFetch<unknown>(
        `/api/console/receipts/${encodeURIComponent(receiptId)}/bundle?environment=${environment}`,
      ),
    onSuccess: (bundle) => saveJson(bundle, fileName),
  });
  return (
    <div className={ui.card} data-testid="offline-verification">
      <div className={styles.verifyBar}>
        <Button onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? "Preparing…" : "Download bundle"}
        </Button>
        <span className={ui.muted}>
          Anyone can check the bundle with the service's public keys alone, without an account:
        </span>
      </div>
      {download.error ? <div className={ui.alert}>{download.error.message}</div> : null}
      <div className={styles.command}>
        <code data-testid="verify-command">{command}</code> <CopyButton value={command} />
      </div>
    </div>
  );
}
