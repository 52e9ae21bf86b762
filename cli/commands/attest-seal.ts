import type { Command } from "commander";
import { environments } from "@/lib/environment";
import { sealPendingReceipts } from "@/lib/receipts/seal-receipts";
import { printJson, wantsJson } from "../output";

export const attestSeal = (attest: Command) =>
  attest
    .command("seal")
    .description("seal every pending receipt into its environment's log now")
    .action(async (_options: object, command: Command) => {
      const results = [];
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
        results.push({ environment, sealed, invalid, treeSize });
      }
      if (wantsJson(command)) return printJson(results);
      for (const { environment, sealed, invalid, treeSize } of results)
        console.log(`${environment}\tsealed ${sealed}\tinvalid ${invalid}\ttree size ${treeSize}`);
    });
