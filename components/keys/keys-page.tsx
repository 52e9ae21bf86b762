"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TApiKey } from "../console/api";
import { useCanChange } from "../console/member-role";
import { NavIcon } from "../console/nav-icon";
import { plural } from "../console/plural";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import { CreateKeyDialog } from "./create-key-dialog";
import { currentStatus, KeyStatus } from "./key-status";
import styles from "./keys.module.css";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";

type TAction = { kind: "roll" | "revoke"; key: TApiKey } | undefined;

export function KeysPage({ environment }: { environment: TEnvironment }) {
  const [creating, setCreating] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  const [action, setAction] = useState<TAction>();
  const keys = useQuery({
    queryKey: queryKeys.keys(environment),
    queryFn: () =>
      consoleFetch<{ data: TApiKey[] }>(`/api/console/keys?environment=${environment}`),
  });
  const canChange = useCanChange();
  const createButton = canChange ? (
    <Button variant="primary" onClick={() => setCreating(true)}>
      + Create key
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate requests to <code>{basePaths[environment]}</code>. A secret is shown
            once, when the key is created or rolled.
          </>
        }
        actions={createButton}
      />
      <div className={ui.card}>
        {keys.error ? (
          <ErrorState error={keys.error} onRetry={() => keys.refetch()} />
        ) : keys.data?.data.length === 0 ? (
          <EmptyState
            icon={<NavIcon name="keys" />}
            title={`No ${environment} keys yet`}
            action={createButton}
          >
            Create a key to call the API from your agents and servers. Pick only the scopes each
            caller needs.
          </EmptyState>
        ) : (
          <table ref={table} className={`${ui.table} ${ui.stacked}`} aria-busy={keys.isPending}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Secret</th>
                <th>Scopes</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Status</th>
                <th>
                  <span className={ui.srOnly}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.isPending ? (
                <LoadingRows columns={7} />
              ) : (
                keys.data.data.map((key) => {
                  const status = currentStatus(key);
                  const usable = status === "active" || status === "expiring";
                  return (
                    <tr key={key.id} data-key-id={key.id} data-status={status}>
                      <td>
                        <Link
                          href={`/console/${environment}/keys/${key.id}`}
                          className={`${ui.rowLink} ${usable ? "" : ui.muted}`}
                        >
                          {key.name}
                        </Link>
                      </td>
                      <td>
                        <code className={styles.secretMask}>
                          {key.prefix}…{key.last4}
                        </code>
                      </td>
                      <td>
                        <span title={key.scopes.join("\n")} className={ui.muted}>
                          {key.scopes.length === 21
                            ? "All scopes"
                            : plural(key.scopes.length, "scope")}
                        </span>
                      </td>
                      <td>
                        <Time value={key.createdAt} />
                      </td>
                      <td>
                        <Time value={key.lastUsedAt} />
                      </td>
                      <td>
                        <KeyStatus apiKey={key} />
                      </td>
                      <td className={styles.rowActions}>
                        {canChange && status === "active" ? (
                          <Button size="small" onClick={() => setAction({ kind: "roll", key })}>
                            Roll
                          </Button>
                        ) : null}
                        {canChange && usable ? (
                          <Button
                            size="small"
                            variant="ghost"
                            onClick={() => setAction({ kind: "revoke", key })}
                          >
                            Revoke
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        )}
      </div>
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        environment={environment}
      />
      {action?.kind === "roll" ? (
        <RollKeyDialog apiKey={action.key} onClose={() => setAction(undefined)} />
      ) : null}
      {action?.kind === "revoke" ? (
        <RevokeKeyDialog apiKey={action.key} onClose={() => setAction(undefined)} />
      ) : null}
    </>
  );
}
