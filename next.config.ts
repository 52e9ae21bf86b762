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
  // Pages that act on a signed-in session (the consent screen above all) are never framed by
  // another site: no clickjacking (RFC 6749 §10.13).
  headers: async () =>
    [
      "/console/:path*",
      "/oauth/authorize",
      "/sign-in",
      "/sign-up",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
      "/invitations/:path*",
    ].map((source) => ({
      source,
      headers: [
        { key: "X-Frame-Options", value: "DENY" },
        { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
      ],
    })),
};

export default nextConfig;
