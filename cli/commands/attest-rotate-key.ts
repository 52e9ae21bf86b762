import type { Command } from "commander";
import { rotateTreeHeadKey } from "@/lib/receipts/rotate-tree-head-key";
import { printJson, wantsJson } from "../output";

export const attestRotateKey = (attest: Command) =>
  attest
    .command("rotate-key")
    .description(
      "retire the tree-head signing key and start a new one: each log's latest checkpoint is signed by both (a transition checkpoint); the retired key stays in the JWKS with its windows",
    )
    .action(async (_options: object, command: Command) => {
      const { retired, active } = await rotateTreeHeadKey();
      if (wantsJson(command)) printJson({ retired, active });
      else if (retired) console.log(`retired ${retired}; signing with ${active}`);
      else console.log(`no generated key was active; signing with ${active}`);
    });
