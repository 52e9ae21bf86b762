import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@node-rs/argon2",
    "postgres",
    "ioredis",
  ],
  poweredByHeader: false,
  compress: false,
  typedRoutes: false,
};

export default nextConfig;
