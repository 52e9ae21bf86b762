import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A self-contained server (`.next/standalone/server.js`) for the container image and any host.
  output: "standalone",
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@node-rs/argon2",
    "postgres",
    "ioredis",
    // One instance per process: the metrics registry and the tracer provider are process-wide.
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-base",
  ],
  // The build type-checks what it ships; `npm test` type-checks everything (tests, SDK, CLI).
  typescript: { tsconfigPath: "tsconfig.app.json" },
  poweredByHeader: false,
  compress: false,
  typedRoutes: false,
};

export default nextConfig;
