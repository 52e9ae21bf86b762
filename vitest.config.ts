import path from "node:path";
import { defineConfig } from "vitest/config";
import { skipTags } from "./tests/support/skip-tags.ts";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    tags: skipTags,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "config/**/*.test.ts",
            "lib/**/*.test.ts",
            "inngest/**/*.test.ts",
            "db/**/*.test.ts",
            "sdk/src/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
        },
      },
      {
        // Black-box tests over real HTTP against the production build. Their files spend most of
        // their time waiting on servers (the shared one, their own), so more of them run at once
        // than this machine has cores: each has its own tenant, database or server.
        extends: true,
        test: {
          name: "api",
          maxWorkers: 3,
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-database.ts"],
        },
      },
      {
        // The standalone server (scripts/build-standalone.sh) started as the Dockerfile starts it.
        extends: true,
        test: { name: "standalone", include: ["tests/standalone/**/*.test.ts"] },
      },
    ],
  },
});
