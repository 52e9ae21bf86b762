import type { TUsage } from "../console/api";
import { plural } from "../console/plural";
import ui from "../ui/ui.module.css";
import styles from "./usage.module.css";

const tierNames = { free: "Free", pro: "Pro", enterprise: "Enterprise" } as const;
const count = (value: number) => value.toLocaleString("en-US");

/**
 * The plan's rate limits and what is left of today's cap: the limiter's daily window is the
 * UTC day and counts the requests it let through, which the tally counts as served.
 */
export function PlanLimits({
  plan,
  today,
}: {
  plan: TUsage["plan"];
  today: TUsage["data"][number];
}) {
  const left = plan.daily === null ? null : Math.max(0, plan.daily - today.requests);
  return (
    <section className={`${ui.card} ${styles.plan}`} aria-labelledby="plan-limits">
      <h2 id="plan-limits" className={styles.planTitle}>
        {tierNames[plan.tier]} plan limits
      </h2>
      <dl className={styles.limits}>
        <div>
          <dt className={ui.muted}>Per minute</dt>
          <dd>{plural(plan.perMinute, "request")}</dd>
        </div>
        <div>
          <dt className={ui.muted}>Burst</dt>
          <dd>{plural(plan.burst, "request")} at once</dd>
        </div>
        <div>
          <dt className={ui.muted}>Per UTC day</dt>
          <dd>{plan.daily === null ? "No daily cap" : plural(plan.daily, "request")}</dd>
        </div>
        <div data-testid="daily-remaining">
          <dt className={ui.muted}>Left today</dt>
          <dd>{left === null ? "Unlimited" : `${count(left)} of ${count(plan.daily!)}`}</dd>
        </div>
      </dl>
    </section>
  );
}
