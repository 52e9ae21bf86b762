"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { TConsoleSession } from "@/lib/account/console-sessions";
import { consoleFetch, queryKeys } from "../console/api";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import styles from "./account.module.css";

/** Where the account is signed in: each session, and an end to any but this one. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const sessions = useQuery({
    queryKey: queryKeys.sessions(),
    queryFn: () => consoleFetch<{ data: TConsoleSession[] }>("/api/console/account/sessions"),
  });
  const signOut = useMutation({
    mutationFn: (id: string) =>
      consoleFetch(`/api/console/account/sessions/${encodeURIComponent(id)}/sign-out`, {
        method: "POST",
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions() }),
  });
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="sessions">
      <h2 id="sessions" className={styles.heading}>
        Sessions
      </h2>
      <p className={ui.muted}>
        Where this account is signed in. Sign out everywhere (in the sidebar) ends them all.
      </p>
      {signOut.error ? (
        <div className={ui.alert} role="alert">
          {signOut.error.message}
        </div>
      ) : null}
      {sessions.error ? (
        <ErrorState error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <table
          ref={table}
          className={`${ui.table} ${ui.stacked}`}
          aria-busy={sessions.isPending}
          aria-label="Sessions"
        >
          <thead>
            <tr>
              <th>Browser</th>
              <th>Address</th>
              <th>Signed in</th>
              <th>Last seen</th>
              <th>
                <span className={ui.srOnly}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.isPending ? (
              <LoadingRows columns={5} />
            ) : (
              sessions.data.data.map((session) => (
                <tr key={session.id} data-testid="session-row">
                  <td title={session.userAgent ?? undefined}>
                    {session.device}{" "}
                    {session.current ? <Badge tone="accent">this session</Badge> : null}
                  </td>
                  <td className={ui.mono}>{session.address ?? "—"}</td>
                  <td>
                    <Time value={session.createdAt} />
                  </td>
                  <td>
                    <Time value={session.lastSeenAt} />
                  </td>
                  <td>
                    {session.current ? null : (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => signOut.mutate(session.id)}
                        disabled={signOut.isPending}
                      >
                        End session
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
