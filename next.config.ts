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
  poweredByHeader: false,
  compress: false,
  typedRoutes: false,
  // `/sandbox/v1/*` reaches the same route handlers as `/v1/*`; the handlers resolve the
  // environment from the URL the client called (lib/http/environment.ts).
  rewrites: async () => [
    { source: "/sandbox/v1", destination: "/v1" },
    { source: "/sandbox/v1/:path*", destination: "/v1/:path*" },
    { source: "/sandbox/mcp", destination: "/mcp" },
  ],
};

export default nextConfig;
