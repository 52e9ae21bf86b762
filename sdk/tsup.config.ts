import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The client and verifiers: any runtime with fetch and WebCrypto.
    entry: { index: "src/index.ts" },
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
