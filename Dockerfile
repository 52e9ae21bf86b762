# The API and worker image. Build: docker build -t agent-settlement .
# Run: docker run -p 3000:3000 --env-file .env agent-settlement   (docs/deployment.md)
# CI runs these steps without a Docker engine (scripts/ci/image-build.mjs): keep RUN steps to
# relative paths in WORKDIR. The Node major matches package.json's engines.

FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY sdk/package.json sdk/
# Fixes of dependencies' known bugs, applied by npm ci's postinstall (patch-package).
COPY patches patches/
RUN npm ci --no-audit --no-fund
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
# .data: where the embedded database lives when no DATABASE_URL is set, writable by the app.
RUN bash scripts/build-standalone.sh && mkdir -p .next/standalone/.data

FROM node:26-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
# Liveness only; load balancers should route by /api/ready (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops it cleanly within SHUTDOWN_TIMEOUT_MS (give the orchestrator a longer grace).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
