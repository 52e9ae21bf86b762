import type { Command } from "commander";
import { rotateTreeHeadKey } from "@/lib/receipts/rotate-tree-head-key";
import { printJson, wantsJson } from "../output";

export const attestRotateKey = (attest: Command) =>
  attest
    .command("rotate-key")
    .description(
      "retire the tree-head signing key (it stays in the JWKS); the next seal makes a new one",
    )
    .action(async (_options: object, command: Command) => {
      const { retired } = await rotateTreeHeadKey();
      if (wantsJson(command)) printJson({ retired });
      else console.log(retired ? `retired ${retired}` : "no generated key was active");
    });
