import { rotateTreeHeadKey } from "@/lib/receipts/rotate-tree-head-key";
import type { TCliCommand } from "../command";

export const attestRotateKey: TCliCommand = {
  path: ["attest", "rotate-key"],
  usage: "attest rotate-key",
  summary: "retire the tree-head signing key (it stays in the JWKS); the next seal makes a new one",
  async run() {
    const { retired } = await rotateTreeHeadKey();
    console.log(retired ? `retired ${retired}` : "no generated key was active");
  },
};
