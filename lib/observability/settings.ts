import { type Config, config } from "@/config";

export type ObservabilitySettings = Pick<
  Config,
  "LOG_LEVEL" | "METRICS_TOKEN" | "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME"
>;

/** Logging, metrics and tracing settings. */
export const observabilitySettings = (): ObservabilitySettings => config();
