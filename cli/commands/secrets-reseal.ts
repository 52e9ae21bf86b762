import type { Command } from "commander";
import { countSealedUnderOtherKeys, resealStoredSecrets } from "@/lib/crypto/seal-stored-secrets";
import { secretsKey } from "@/lib/crypto/secrets-key";
import { printJson, wantsJson } from "../output";

export const secretsReseal = (secrets: Command) =>
  secrets
    .command("reseal")
    .description(
      "re-seal every stored secret under SECRETS_ENCRYPTION_KEY that is sealed under one of SECRETS_DECRYPTION_KEYS; afterwards the old key can go",
    )
    .action(async (_options: object, command: Command) => {
      const resealed = await resealStoredSecrets();
      const remaining = await countSealedUnderOtherKeys();
      const key = secretsKey().id;
      if (wantsJson(command)) return printJson({ key, resealed, remaining });
      console.log(`re-sealed ${resealed} stored secret(s) under key ${key}`);
      for (const [keyId, count] of Object.entries(remaining)) {
        console.log(`still under key ${keyId}: ${count} (written meanwhile; run reseal again)`);
      }
    });
