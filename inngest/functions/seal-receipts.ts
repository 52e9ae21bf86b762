import { inngest } from "@/inngest/client";
import { environments } from "@/lib/environment";
import { receiptSealRequested } from "@/lib/receipts/jobs";
import { sealEnvironment } from "@/lib/receipts/seal-receipts";

const MAX_BATCHES = 10;

/**
 * Seals pending receipts and agent key entries into the attest log. Issued receipts (and added
 * or revoked agent keys) request runs debounced into one per burst, started 1 s after the
 * burst's first request (Inngest's shortest debounce; a steady stream gets a run a second), and
 * that run seals every receipt pending when it starts (in batches under each log's lock), so a
 * burst costs a few signatures and one function run. A request that arrives after the run
 * started gets a run of its own.
 */
export const sealReceipts = inngest.createFunction(
  {
    id: "seal-receipts",
    triggers: [{ event: receiptSealRequested }],
    debounce: { period: "1s", timeout: "1s" },
    retries: 10,
  },
  async ({ step }) =>
    step.run("seal", async () => {
      const results = [];
      for (const environment of environments) {
        const { sealed, invalid, keyEntries } = await sealEnvironment({
          environment,
          maxBatches: MAX_BATCHES,
        });
        results.push({ environment, sealed, invalid, keyEntries });
      }
      return results;
    }),
);
