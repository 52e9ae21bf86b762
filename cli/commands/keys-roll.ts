import { type Command, Option } from "commander";
import { rollApiKey } from "@/lib/keys/roll-key";
import { type TRollOverlap, ZRollOverlap } from "@/lib/keys/roll-overlaps";
import { organizationOfKey } from "../lookups";
import { printJson, wantsJson } from "../output";

export const keysRoll = (keys: Command) =>
  keys
    .command("roll")
    .description("issue a new secret; the old one works until the overlap ends")
    .requiredOption("--key <id>", "the key")
    .addOption(
      new Option("--overlap <overlap>", "how long the old secret keeps working")
        .choices(ZRollOverlap.options)
        .default("24h"),
    )
    .action(async (options: { key: string; overlap: TRollOverlap }, command: Command) => {
      const result = await rollApiKey({
        organizationId: await organizationOfKey(options.key),
        keyId: options.key,
        overlap: options.overlap,
      });
      if (wantsJson(command)) return printJson(result);
      console.error(
        `rolled ${options.key} → ${result.key.id}; the old secret stops at ${result.previous.expiresAt}.`,
      );
      console.log(result.secret);
    });
