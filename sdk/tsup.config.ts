import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The client, verifiers and x402 schemes: any runtime with fetch and WebCrypto.
    entry: { index: "src/index.ts", x402: "src/x402.ts" },
    format: "esm",
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
