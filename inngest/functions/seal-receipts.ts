import { inngest } from "@/inngest/client";
import { environments } from "@/lib/environment";
import { receiptSealRequested } from "@/lib/receipts/jobs";
import { sealPendingReceipts } from "@/lib/receipts/seal-receipts";

const MAX_BATCHES = 10;

/**
 * Seals pending receipts into the attest log. Issued receipts request runs debounced into one
 * per burst (at most 2 s after the first request), and that run seals every receipt pending
 * when it starts (in batches under each log's lock), so a burst costs a few signatures and
 * one function run. A request that arrives after the run started gets a run of its own.
 */
export const sealReceipts = inngest.createFunction(
  {
    id: "seal-receipts",
    triggers: [{ event: receiptSealRequested }],
    debounce: { period: "1s", timeout: "2s" },
    retries: 10,
  },
  async ({ step }) =>
    step.run("seal", async () => {
      const results = [];
      for (const environment of environments) {
        let sealed = 0;
        let invalid = 0;
        // Bounded: under a steady stream the receipts issued meanwhile have runs of their own.
        for (let batch = 0; batch < MAX_BATCHES; batch++) {
          const result = await sealPendingReceipts({ environment });
          sealed += result.sealed;
          invalid += result.invalid;
          if (result.sealed + result.invalid === 0) break;
        }
        results.push({ environment, sealed, invalid });
      }
      return results;
    }),
);
