import { environments } from "@/lib/environment";
import { sealPendingReceipts } from "@/lib/receipts/seal-receipts";
import type { TCliCommand } from "../command";

export const attestSeal: TCliCommand = {
  path: ["attest", "seal"],
  usage: "attest seal",
  summary: "seal every pending receipt into its environment's log now",
  async run() {
    for (const environment of environments) {
      let sealed = 0;
      let invalid = 0;
      let treeSize = 0;
      for (;;) {
        const batch = await sealPendingReceipts({ environment });
        sealed += batch.sealed;
        invalid += batch.invalid;
        treeSize = batch.treeSize;
        if (batch.sealed + batch.invalid === 0) break;
      }
      console.log(`${environment}\tsealed ${sealed}\tinvalid ${invalid}\ttree size ${treeSize}`);
    }
  },
};
