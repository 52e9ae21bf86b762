import Link from "next/link";
import type { TGettingStartedStep } from "@/lib/console/getting-started";
import { basePaths, keyPrefixes, type TEnvironment } from "@/lib/environment";
import type { TOverview } from "../console/api";
import ui from "../ui/ui.module.css";
import styles from "./overview.module.css";

const stepText: Record<
  TGettingStartedStep,
  { title: string; how: string; page: string; pageLabel: string }
> = {
  key: {
    title: "Create an API key",
    how: "Give it the scopes your agents need.",
    page: "keys",
    pageLabel: "API keys",
  },
  agents: {
    title: "Register two agents",
    how: "A payer and a payee, with POST /agents.",
    page: "agents",
    pageLabel: "Agents",
  },
  settlement: {
    title: "Settle a deal",
    how: "Negotiate, accept, then create and execute the settlement.",
    page: "settlements",
    pageLabel: "Settlements",
  },
  verification: {
    title: "Verify a receipt",
    how: "Press Verify on a receipt, or call POST /receipts/:id/verify.",
    page: "receipts",
    pageLabel: "Receipts",
  },
  webhook: {
    title: "Add a webhook endpoint",
    how: "Hear about settlements as they happen.",
    page: "webhooks",
    pageLabel: "Webhooks",
  },
};

/** The first steps of an integration, ticked off from what exists in this environment. */
export function GettingStarted({
  environment,
  origin,
  progress,
}: {
  environment: TEnvironment;
  origin: string;
  progress: TOverview["gettingStarted"];
}) {
  const done = progress.steps.filter((step) => step.done).length;
  return (
    <section className={`${ui.card} ${styles.start}`} aria-labelledby="getting-started">
      <h2 id="getting-started" className={styles.startTitle}>
        Get started
      </h2>
      <p className={ui.muted}>
        {done} of {progress.steps.length} done in {environment}.
      </p>
      <ol className={styles.checklist}>
        {progress.steps.map(({ step, done: finished }) => {
          const text = stepText[step];
          return (
            <li key={step} data-testid={`step-${step}`} data-done={finished}>
              <span className={finished ? styles.tick : styles.open} aria-hidden>
                {finished ? "✓" : ""}
              </span>
              <span>
                <strong>{text.title}</strong>
                <span className={ui.srOnly}>{finished ? " (done)" : " (to do)"}</span>
                <span className={ui.muted}>
                  {" "}
                  {text.how}{" "}
                  <Link href={`/console/${environment}/${text.page}`}>{text.pageLabel}</Link>
                  {step === "agents" && progress.agents === 1 ? " (1 so far)" : ""}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <pre className={styles.code}>
        {`curl ${origin}${basePaths[environment]}/agents \\
  -H "Authorization: Bearer ${keyPrefixes[environment]}…" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"Translator","capabilities":["translation"]}'`}
      </pre>
      <p className={ui.muted}>
        Every endpoint is described in the <a href="/docs/api">API reference</a>.
      </p>
    </section>
  );
}
