import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import type { TOverview } from "../console/api";
import { plural } from "../console/plural";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import styles from "./overview.module.css";

/** Endpoints whose latest delivery of the last 24 hours failed. */
export function FailingWebhooks({
  environment,
  failing,
}: {
  environment: TEnvironment;
  failing: TOverview["failingWebhooks"];
}) {
  return (
    <section className={`${ui.card} ${styles.panel}`} aria-labelledby="failing-webhooks">
      <h2 id="failing-webhooks" className={styles.panelTitle}>
        Failing webhook endpoints
      </h2>
      {failing.length === 0 ? (
        <p className={ui.muted}>No endpoint's latest delivery of the last 24 hours failed.</p>
      ) : (
        <ul className={styles.activity}>
          {failing.map((endpoint) => (
            <li key={endpoint.id} data-testid="failing-webhook">
              <span>
                <Link href={`/console/${environment}/webhooks/${endpoint.id}`} className={ui.mono}>
                  {endpoint.url}
                </Link>
                <div className={ui.muted}>
                  {plural(endpoint.failedAttempts, "failed attempt")} of{" "}
                  {plural(endpoint.attempts, "attempt")} in 24 hours; last:{" "}
                  {endpoint.lastResponseCode
                    ? `HTTP ${endpoint.lastResponseCode}`
                    : (endpoint.lastError ?? "no answer")}
                </div>
              </span>
              <Time value={endpoint.lastAttemptAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
