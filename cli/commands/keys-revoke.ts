import type { Command } from "commander";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { organizationOfKey } from "../lookups";
import { printJson, wantsJson } from "../output";

export const keysRevoke = (keys: Command) =>
  keys
    .command("revoke")
    .description("revoke a key at once")
    .requiredOption("--key <id>", "the key")
    .action(async (options: { key: string }, command: Command) => {
      const key = await revokeApiKey({
        organizationId: await organizationOfKey(options.key),
        keyId: options.key,
      });
      if (wantsJson(command)) printJson(key);
      else console.log(`${key.id}\trevoked at ${key.revokedAt}`);
    });
