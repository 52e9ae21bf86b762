import { rotateSigningKey } from "@/lib/tokens/rotate-signing-key";
import { RETIRED_KEY_PUBLICATION_MS } from "@/lib/tokens/token-config";
import type { TCliCommand } from "../command";

export const jwtRotate: TCliCommand = {
  path: ["jwt", "rotate"],
  usage: "jwt rotate",
  summary: "sign new agent tokens with a new key; the old one stays published",
  async run() {
    const { kid, retired } = await rotateSigningKey();
    const hours = Math.round(RETIRED_KEY_PUBLICATION_MS / 3_600_000);
    console.error(
      `new signing key ${kid}; ${retired} retired key(s) stay in the JWKS for ${hours} h, until their tokens have expired.`,
    );
    console.log(kid);
  },
};
