"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { basePaths, keyPrefixes, type TEnvironment } from "@/lib/environment";
import { PageHeader } from "../ui/page-header";
import ui from "../ui/ui.module.css";
import { consoleFetch, queryKeys, type TAgent, type TApiKey, type TPage } from "./api";
import styles from "./overview.module.css";

function Stat({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <Link href={href} className={`${ui.card} ${styles.stat}`}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
    </Link>
  );
}

export function OverviewPage({
  environment,
  organizationName,
}: {
  environment: TEnvironment;
  organizationName: string;
}) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const keys = useQuery({
    queryKey: queryKeys.keys(environment),
    queryFn: () =>
      consoleFetch<{ data: TApiKey[] }>(`/api/console/keys?environment=${environment}`),
  });
  const agents = useQuery({
    queryKey: [...queryKeys.agentPages(environment), null],
    queryFn: () =>
      consoleFetch<TPage<TAgent>>(`/api/console/agents?environment=${environment}&limit=20`),
  });
  const activeKeys = keys.data?.data.filter((key) => key.status !== "revoked").length;
  const agentCount = agents.data
    ? `${agents.data.data.length}${agents.data.hasMore ? "+" : ""}`
    : "…";
  const base = `${origin}${basePaths[environment]}`;
  return (
    <>
      <PageHeader
        title={organizationName}
        description={`Your ${environment} workspace at a glance.`}
      />
      <div className={styles.stats}>
        <Stat
          label="Agents"
          value={agents.error ? "–" : agentCount}
          href={`/console/${environment}/agents`}
        />
        <Stat
          label="Usable API keys"
          value={keys.error ? "–" : (activeKeys?.toString() ?? "…")}
          href={`/console/${environment}/keys`}
        />
      </div>
      <section className={`${ui.card} ${styles.start}`}>
        <h2 className={styles.startTitle}>Call the API</h2>
        <p className={ui.muted}>
          Create a key on the <Link href={`/console/${environment}/keys`}>API keys</Link> page, then
          register an agent:
        </p>
        <pre className={styles.code}>
          {`curl ${base}/agents \\
  -H "Authorization: Bearer ${keyPrefixes[environment]}…" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"Translator","capabilities":["translation"]}'`}
        </pre>
        <p className={ui.muted}>
          Every endpoint is described in the <a href="/docs/api">API reference</a>.
        </p>
      </section>
    </>
  );
}
