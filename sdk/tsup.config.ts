import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The client, verifiers and x402 schemes: any runtime with fetch and WebCrypto; ESM and
    // CommonJS. `webhooks` alone: a receiver that only verifies deliveries loads no zod and no
    // client.
    entry: { index: "src/index.ts", webhooks: "src/webhooks.ts", x402: "src/x402.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    target: "es2022",
    dts: true,
  },
  {
    entry: { bin: "src/bin.ts" },
    format: "esm",
    platform: "node",
    target: "node22",
  },
]);
