import { config, type TConfig } from "@/config";

export type TRetentionSettings = Pick<
  TConfig,
  | "RETENTION_CRON"
  | "RETENTION_BATCH_SIZE"
  | "RETENTION_EVENTS_DAYS"
  | "RETENTION_OUTBOX_DAYS"
  | "RETENTION_JOB_RUNS_DAYS"
  | "RETENTION_WEBHOOK_DAYS"
  | "RETENTION_REQUEST_LOGS_DAYS"
>;

/** The retention windows and schedule. */
export const retentionSettings = (): TRetentionSettings => config();

export const daysInMs = (value: number) => value * 24 * 60 * 60 * 1000;
