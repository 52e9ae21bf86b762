import { inngest } from "@/inngest/client";
import { environments } from "@/lib/environment";
import { receiptSealRequested } from "@/lib/receipts/issue-receipt";
import { sealPendingReceipts } from "@/lib/receipts/seal-receipts";

const MAX_BATCHES = 10;

/**
 * Seals pending receipts into the attest log. Every issued receipt requests one run, and each
 * run seals every receipt pending at that moment (in batches under the log's lock), so a burst
 * of receipts costs a few signatures, and later runs find nothing left and return at once.
 */
export const sealReceipts = inngest.createFunction(
  { id: "seal-receipts", triggers: [{ event: receiptSealRequested }], retries: 10 },
  async ({ step }) => {
    const results = [];
    for (const environment of environments) {
      results.push(
        await step.run(`seal-${environment}`, async () => {
          let sealed = 0;
          let invalid = 0;
          // Bounded: under a steady stream the receipts issued meanwhile have runs of their own.
          for (let batch = 0; batch < MAX_BATCHES; batch++) {
            const result = await sealPendingReceipts({ environment });
            sealed += result.sealed;
            invalid += result.invalid;
            if (result.sealed + result.invalid === 0) break;
          }
          return { environment, sealed, invalid };
        }),
      );
    }
    return results;
  },
);
