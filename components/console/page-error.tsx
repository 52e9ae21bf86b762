"use client";

import Link from "next/link";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";
import { useOverviewPath } from "./use-overview-path";

/**
 * A console page that failed to render. A server error's message stays on the server; its
 * reference (the error's digest) is what the server's log prints beside it.
 */
export function PageError({ reference, onRetry }: { reference?: string; onRetry: () => void }) {
  const overview = useOverviewPath();
  return (
    <div className={ui.state} role="alert" data-testid="console-error">
      <div className={`${ui.stateIcon} ${ui.errorIcon}`} aria-hidden>
        !
      </div>
      <h1 className={ui.stateTitle}>This page could not be shown</h1>
      <p className={ui.stateText}>
        Something went wrong while loading it. Trying again often helps.
      </p>
      {reference ? (
        <p className={ui.stateText}>
          If it keeps failing, quote this reference:{" "}
          <code data-testid="error-reference">{reference}</code>
        </p>
      ) : null}
      <div className={ui.stateActions}>
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
        <Link href={overview} className={ui.button}>
          Back to the overview
        </Link>
      </div>
    </div>
  );
}
