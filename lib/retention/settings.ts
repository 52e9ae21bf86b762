import { z } from "zod";
import { parseCron } from "@/lib/jobs/cron";

const DEFAULT_CRON = "*/15 * * * *";

const days = (fallback: number) => z.coerce.number().positive().max(3650).default(fallback);

const Settings = z.object({
  /** When the retention function runs (a cron expression, UTC). */
  RETENTION_CRON: z
    .string()
    .refine((value) => typeof parseCron(value) !== "string", {
      message: "a cron expression: five fields, UTC",
    })
    .default(DEFAULT_CRON),
  /** Rows one DELETE removes, so that no statement holds locks for long. */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
  RETENTION_EVENTS_DAYS: days(30),
  RETENTION_OUTBOX_DAYS: days(1),
  RETENTION_JOB_RUNS_DAYS: days(7),
  RETENTION_WEBHOOK_DAYS: days(30),
});

export type RetentionSettings = z.infer<typeof Settings>;

/** The retention windows and schedule, read from the environment; a bad value throws naming it. */
export function retentionSettings(env: NodeJS.ProcessEnv = process.env): RetentionSettings {
  const parsed = Settings.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    throw new Error(
      `Invalid retention settings: ${parsed.error.issues
        .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
        .join("; ")}`,
    );
  }
  return parsed.data;
}

export const daysInMs = (value: number) => value * 24 * 60 * 60 * 1000;

/**
 * The schedule alone, never throwing: the function definition reads it when its module loads,
 * before start-up can report a bad value (startServer reads every setting and does).
 */
export function retentionCron(): string {
  const parsed = Settings.shape.RETENTION_CRON.safeParse(process.env.RETENTION_CRON || undefined);
  return parsed.success ? parsed.data : DEFAULT_CRON;
}
