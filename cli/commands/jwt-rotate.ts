import type { Command } from "commander";
import { rotateSigningKey } from "@/lib/tokens/rotate-signing-key";
import { RETIRED_KEY_PUBLICATION_MS } from "@/lib/tokens/token-config";
import { printJson, wantsJson } from "../output";

export const jwtRotate = (jwt: Command) =>
  jwt
    .command("rotate")
    .description("sign new agent tokens with a new key; the old one stays published")
    .action(async (_options: object, command: Command) => {
      const { kid, retired } = await rotateSigningKey();
      if (wantsJson(command)) return printJson({ kid, retired });
      const hours = Math.round(RETIRED_KEY_PUBLICATION_MS / 3_600_000);
      console.error(
        `new signing key ${kid}; ${retired} retired key(s) stay in the JWKS for ${hours} h, until their tokens have expired.`,
      );
      console.log(kid);
    });
