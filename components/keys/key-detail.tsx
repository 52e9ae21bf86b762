"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TKeyDetail, type TRequestLog } from "../console/api";
import { DetailFrame } from "../console/detail-frame";
import { DetailList, DetailRow, none } from "../console/detail-list";
import { PagedTable } from "../console/paged-table";
import { usePagedList } from "../console/use-paged-list";
import { RequestLogRow, requestLogColumns } from "../request-logs/request-log-row";
import { CopyButton } from "../ui/copy-button";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { formatAbsolute, Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { BarChart } from "../usage/bar-chart";
import { KeyActions } from "./key-actions";
import { KeyStatus } from "./key-status";
import styles from "./keys.module.css";

/** One key: what it may do, when it stops working, how it has been used, its latest requests. */
export function KeyDetail({ environment, keyId }: { environment: TEnvironment; keyId: string }) {
  const detail = useQuery({
    queryKey: queryKeys.key(environment, keyId),
    queryFn: () => consoleFetch<TKeyDetail>(`/api/console/keys/${encodeURIComponent(keyId)}`),
  });
  const requests = usePagedList<TRequestLog>({
    queryKey: queryKeys.requestLogs(environment, { keyId }),
    path: "/api/console/request-logs",
    params: { environment, keyId },
  });
  const listHref = `/console/${environment}/keys`;
  const data = detail.data;
  const key = data?.key;
  return (
    <DetailFrame
      kind="API key"
      id={keyId}
      listHref={listHref}
      listLabel="API keys"
      error={detail.error}
      onRetry={() => detail.refetch()}
    >
      <PageHeader
        back={<Link href={listHref}>← API keys</Link>}
        title={
          key ? (
            <>
              {key.name} <KeyStatus apiKey={key} />
            </>
          ) : (
            "API key"
          )
        }
        actions={key ? <KeyActions apiKey={key} /> : undefined}
      />
      <div className={ui.card}>
        <DetailList busy={detail.isPending}>
          <DetailRow label="ID">
            <code>{keyId}</code> <CopyButton value={keyId} />
          </DetailRow>
          {key ? (
            <>
              <DetailRow label="Secret">
                <code className={styles.secretMask}>
                  {key.prefix}…{key.last4}
                </code>
              </DetailRow>
              <DetailRow label="Environment">{key.environment}</DetailRow>
              <DetailRow label="Created">
                <Time value={key.createdAt} />
              </DetailRow>
              <DetailRow label="Last used">
                <Time value={key.lastUsedAt} />
              </DetailRow>
              <DetailRow label="Expires">
                {key.expiresAt ? (
                  <>
                    {formatAbsolute(new Date(key.expiresAt))} (<Time value={key.expiresAt} />)
                  </>
                ) : (
                  none
                )}
              </DetailRow>
              {key.revokedAt ? (
                <DetailRow label="Revoked">
                  <Time value={key.revokedAt} />
                </DetailRow>
              ) : null}
              <DetailRow label={`Scopes (${key.scopes.length})`}>
                <ul className={styles.scopeList} aria-label="Scopes">
                  {key.scopes.map((scope) => (
                    <li key={scope}>
                      <code>{scope}</code>
                    </li>
                  ))}
                </ul>
              </DetailRow>
            </>
          ) : null}
        </DetailList>
      </div>
      {data ? (
        <div className={ui.card}>
          <BarChart
            title={`Requests, last ${data.usage.length} days`}
            days={data.usage.map((day) => day.day)}
            series={[
              { label: "2xx", color: "#30a46c", values: data.usage.map((day) => day.success) },
              { label: "4xx", color: "#f5a524", values: data.usage.map((day) => day.clientError) },
              { label: "5xx", color: "#e5484d", values: data.usage.map((day) => day.serverError) },
            ]}
          />
        </div>
      ) : null}
      <h2 className={styles.section}>
        Recent requests{" "}
        <Link href={`/console/${environment}/logs?keyId=${encodeURIComponent(keyId)}`}>
          (all in request logs)
        </Link>
      </h2>
      <PagedTable
        list={requests}
        columns={requestLogColumns}
        empty={<EmptyState title="No requests yet">This key has not been used yet.</EmptyState>}
        row={(log) => <RequestLogRow log={log} environment={environment} />}
      />
    </DetailFrame>
  );
}
