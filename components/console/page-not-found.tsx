"use client";

import Link from "next/link";
import ui from "../ui/ui.module.css";
import { useOverviewPath } from "./use-overview-path";

/** A console URL that names no page or nothing this organization holds, inside the console. */
export function PageNotFound() {
  const overview = useOverviewPath();
  return (
    <div className={ui.state} data-testid="console-not-found">
      <div className={ui.stateIcon} aria-hidden>
        ?
      </div>
      <h1 className={ui.stateTitle}>Page not found</h1>
      <p className={ui.stateText}>
        Nothing in the console lives at this address. It may have been mistyped, or the link that
        led here is out of date.
      </p>
      <Link href={overview} className={`${ui.button} ${ui.primary}`}>
        Back to the overview
      </Link>
    </div>
  );
}
