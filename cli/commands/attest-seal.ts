import type { Command } from "commander";
import { environments } from "@/lib/environment";
import { sealEnvironment } from "@/lib/receipts/seal-receipts";
import { printJson, wantsJson } from "../output";

export const attestSeal = (attest: Command) =>
  attest
    .command("seal")
    .description("seal every pending receipt and agent key entry into its environment's log now")
    .action(async (_options: object, command: Command) => {
      const results = [];
      for (const environment of environments) {
        results.push({ environment, ...(await sealEnvironment({ environment })) });
      }
      if (wantsJson(command)) return printJson(results);
      for (const { environment, sealed, invalid, keyEntries, treeSize } of results)
        console.log(
          `${environment}\tsealed ${sealed}\tinvalid ${invalid}\tkey entries ${keyEntries}\ttree size ${treeSize}`,
        );
    });
