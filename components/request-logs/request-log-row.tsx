"use client";

import Link from "next/link";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import type { TRequestLog } from "../console/api";
import { PrettyJson } from "../events/pretty-json";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./request-logs.module.css";
import { RequestStatus } from "./request-status";

/** The columns of a request log table, one `<td>` each in RequestLogRow. */
export const requestLogColumns = [
  "Time",
  "Method",
  "Path",
  "Status",
  "Latency",
  "Key or token",
  "Request ID",
  "Error",
];

/** Who made the request: the key (linked to its page) or the agent token's jti. */
function Credential({ log, environment }: { log: TRequestLog; environment: TEnvironment }) {
  if (log.key) {
    return (
      <Link
        href={`/console/${environment}/keys/${log.key.id}`}
        title={log.key.id}
        className={ui.rowLink}
      >
        {log.key.name ?? log.key.id}
      </Link>
    );
  }
  if (log.token) {
    return (
      <span
        className={ui.mono}
        title={log.token.agentId ? `agent ${log.token.agentId}` : undefined}
      >
        token {log.token.jti}
      </span>
    );
  }
  return <span className={ui.muted}>—</span>;
}

/** One logged request; a failure opens to show the error the caller received. */
export function RequestLogRow({
  log,
  environment,
}: {
  log: TRequestLog;
  environment: TEnvironment;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr data-testid="request-log-row" data-request-id={log.id} data-status={log.status}>
        <td>
          <Time value={log.createdAt} />
        </td>
        <td className={ui.mono}>{log.method}</td>
        <td className={styles.path}>{log.path}</td>
        <td>
          <RequestStatus status={log.status} />
        </td>
        <td>{log.latencyMs} ms</td>
        <td>
          <Credential log={log} environment={environment} />
        </td>
        <td>
          <span className={ui.mono}>{log.id}</span> <CopyButton value={log.id} />
        </td>
        <td>
          {log.error ? (
            <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? "Hide" : "Show"}
            </Button>
          ) : (
            <span className={ui.muted}>—</span>
          )}
        </td>
      </tr>
      {open && log.error ? (
        <tr className={styles.expanded}>
          <td colSpan={requestLogColumns.length}>
            <PrettyJson value={log.error} label={`Error of ${log.id}`} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
