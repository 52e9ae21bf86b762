import type postgres from "postgres";
import { rawSql } from "@/db/client";
import { deleteExpiredIdempotencyKeys } from "@/lib/idempotency/cleanup";
import { daysInMs, type TRetentionSettings } from "./settings";

export const retainedTables = [
  "webhook_attempts",
  "webhook_deliveries",
  "events",
  "outbox",
  "job_runs",
  "job_events",
  "idempotency_keys",
  "request_logs",
  "mandate_spend_days",
  "console_sessions",
  "password_resets",
  "email_verifications",
  "oauth_codes",
  "oauth_refresh_tokens",
] as const;

export type TRetainedTable = (typeof retainedTables)[number];

/**
 * The rows of `table` past their window, one batch: a subquery picks at most `limit` keys so
 * each DELETE is short. Receipts, evidence, the attest log and the ledger have no entry here:
 * they are never deleted.
 */
function batch(
  sql: postgres.Sql,
  table: Exclude<TRetainedTable, "idempotency_keys">,
  cutoff: string,
  limit: number,
) {
  switch (table) {
    // An attempt's outcome stays summed up on its delivery (attempts, last response).
    case "webhook_attempts":
      return sql`delete from webhook_attempts where (delivery_id, attempt) in (
        select delivery_id, attempt from webhook_attempts
        where finished_at < ${cutoff}::timestamptz limit ${limit}) returning 1`;
    // Only finished deliveries; their attempts go with them (on delete cascade).
    case "webhook_deliveries":
      return sql`delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where status <> 'pending' and coalesce(delivered_at, last_attempt_at, created_at) < ${cutoff}::timestamptz
        limit ${limit}) returning 1`;
    // An event's remaining deliveries and attempts go with it (on delete cascade).
    case "events":
      return sql`delete from events where id in (
        select id from events where created_at < ${cutoff}::timestamptz limit ${limit}) returning 1`;
    case "outbox":
      return sql`delete from outbox where seq in (
        select seq from outbox where dispatched_at < ${cutoff}::timestamptz limit ${limit}) returning 1`;
    case "job_runs":
      return sql`delete from job_runs where id in (
        select id from job_runs where status <> 'queued' and ended_at < ${cutoff}::timestamptz
        limit ${limit}) returning 1`;
    case "request_logs":
      return sql`delete from request_logs where id in (
        select id from request_logs where created_at < ${cutoff}::timestamptz limit ${limit}) returning 1`;
    // A mandate's counter caps spending on its own UTC day only: once the day is over, a failed
    // settlement's release has nothing left to give back.
    case "mandate_spend_days":
      return sql`delete from mandate_spend_days where (agent_id, currency, day) in (
        select agent_id, currency, day from mandate_spend_days
        where day < (${cutoff}::timestamptz at time zone 'UTC')::date limit ${limit}) returning 1`;
    // Kept only to ignore a second delivery of an event; the outbox row that could resend it is
    // gone well before (RETENTION_OUTBOX_DAYS), and each run holds its own copy of its event.
    case "job_events":
      return sql`delete from job_events where id in (
        select id from job_events where received_at < ${cutoff}::timestamptz limit ${limit}) returning 1`;
    // Ended, or unseen for longer than a session cookie lives (7 days): listed nowhere any more.
    case "console_sessions":
      return sql`delete from console_sessions where id in (
        select id from console_sessions where coalesce(ended_at, last_seen_at) < ${cutoff}::timestamptz
        limit ${limit}) returning 1`;
    // Mailed links, OAuth codes and refresh tokens past their lifetime, used or not: they can
    // verify, reset or grant nothing. A used refresh token stays until then, so that presenting
    // it again still ends its chain.
    case "password_resets":
    case "email_verifications":
    case "oauth_codes":
    case "oauth_refresh_tokens":
      return sql`delete from ${sql(table)} where hash in (
        select hash from ${sql(table)} where expires_at < ${cutoff}::timestamptz limit ${limit})
        returning 1`;
  }
}

const windowOf = (table: TRetainedTable, settings: TRetentionSettings) =>
  ({
    webhook_attempts: settings.RETENTION_WEBHOOK_DAYS,
    webhook_deliveries: settings.RETENTION_WEBHOOK_DAYS,
    events: settings.RETENTION_EVENTS_DAYS,
    outbox: settings.RETENTION_OUTBOX_DAYS,
    job_runs: settings.RETENTION_JOB_RUNS_DAYS,
    job_events: settings.RETENTION_JOB_RUNS_DAYS,
    idempotency_keys: 0,
    request_logs: settings.RETENTION_REQUEST_LOGS_DAYS,
    // Yesterday's counters stay, for settlements that fail just after midnight.
    mandate_spend_days: 1,
    console_sessions: 30,
    password_resets: 1,
    email_verifications: 1,
    oauth_codes: 1,
    oauth_refresh_tokens: 1,
  })[table];

/**
 * Deletes the rows of one table past their window, batch after batch, and returns how many.
 * Idempotency records go when they expire (their own `expires_at`).
 */
export async function deletePastWindow({
  table,
  settings,
  now = new Date(),
}: {
  table: TRetainedTable;
  settings: TRetentionSettings;
  now?: Date;
}): Promise<number> {
  if (table === "idempotency_keys")
    return deleteExpiredIdempotencyKeys({ now, batchSize: settings.RETENTION_BATCH_SIZE });
  const cutoff = new Date(now.getTime() - daysInMs(windowOf(table, settings))).toISOString();
  const sql = rawSql();
  let total = 0;
  for (;;) {
    const deleted = await batch(sql, table, cutoff, settings.RETENTION_BATCH_SIZE);
    total += deleted.length;
    if (deleted.length < settings.RETENTION_BATCH_SIZE) return total;
  }
}
