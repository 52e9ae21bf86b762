"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import type { TFailingEndpoint } from "@/lib/webhooks/endpoints/failing-endpoints";
import ui from "../ui/ui.module.css";
import { consoleFetch, queryKeys } from "./api";
import styles from "./shell.module.css";

/** Failed attempts in the last 24 hours, the latest included, that make an endpoint "keep failing". */
const KEEPS_FAILING_AFTER = 3;
const SHOWN = 3;

/**
 * On every console page: the environment's webhook endpoints that keep failing (their latest
 * attempt failed, and at least three of the last 24 hours did), each linked to its deliveries.
 * Checked once a minute; a recovered endpoint drops out at its next successful attempt.
 */
export function FailingWebhooksBanner({ environment }: { environment: TEnvironment }) {
  const failing = useQuery({
    queryKey: queryKeys.failingWebhooks(environment),
    queryFn: () =>
      consoleFetch<{ data: TFailingEndpoint[] }>(
        `/api/console/webhooks/failing?environment=${environment}`,
      ),
    refetchInterval: 60_000,
  });
  const endpoints = (failing.data?.data ?? []).filter(
    (endpoint) => endpoint.failedAttempts >= KEEPS_FAILING_AFTER,
  );
  if (endpoints.length === 0) return null;
  return (
    <div
      className={`${ui.alert} ${styles.failingBanner}`}
      role="alert"
      data-testid="failing-webhooks"
    >
      <strong>
        {endpoints.length === 1
          ? "A webhook endpoint keeps failing"
          : `${endpoints.length} webhook endpoints keep failing`}
      </strong>
      <ul>
        {endpoints.slice(0, SHOWN).map((endpoint) => (
          <li key={endpoint.id}>
            <Link href={`/console/${environment}/webhooks/${endpoint.id}`} className={ui.mono}>
              {endpoint.url}
            </Link>
            : {endpoint.failedAttempts} of {endpoint.attempts} attempts failed in the last 24 hours,
            the latest with{" "}
            {endpoint.lastResponseCode ? `HTTP ${endpoint.lastResponseCode}` : endpoint.lastError}.
          </li>
        ))}
      </ul>
      {endpoints.length > SHOWN ? (
        <Link href={`/console/${environment}/webhooks`}>
          and {endpoints.length - SHOWN} more on the webhooks page
        </Link>
      ) : null}
    </div>
  );
}
