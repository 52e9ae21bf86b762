import { z } from "zod";

const Settings = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The bearer token /metrics asks for; unset, /metrics answers 404 (it is not served). */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** Traces are exported over OTLP/HTTP (JSON) to `<endpoint>/v1/traces` only when this is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("agent-settlement-service"),
});

export type ObservabilitySettings = z.infer<typeof Settings>;

const holder = globalThis as unknown as { __assObservabilitySettings?: ObservabilitySettings };

/** Logging, metrics and tracing settings, read once from the environment; a bad value throws naming it. */
export function observabilitySettings(): ObservabilitySettings {
  if (holder.__assObservabilitySettings) return holder.__assObservabilitySettings;
  const parsed = Settings.safeParse({
    ...process.env,
    METRICS_TOKEN: process.env.METRICS_TOKEN || undefined,
    OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  });
  if (!parsed.success) {
    throw new Error(
      `Invalid observability settings: ${parsed.error.issues
        .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
        .join("; ")}`,
    );
  }
  holder.__assObservabilitySettings = parsed.data;
  return parsed.data;
}
