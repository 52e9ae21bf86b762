import { config, type TConfig } from "@/config";

export type TObservabilitySettings = Pick<
  TConfig,
  "LOG_LEVEL" | "METRICS_TOKEN" | "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME"
>;

/** Logging, metrics and tracing settings. */
export const observabilitySettings = (): TObservabilitySettings => config();
