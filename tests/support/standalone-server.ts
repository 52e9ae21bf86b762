import { existsSync } from "node:fs";
import path from "node:path";
import { loopbackHttpsCertPath } from "./loopback-https";
import { testSecretsKey } from "./secrets-key";

/**
 * What the image and `npm run up` run: the standalone server that `scripts/build-standalone.sh`
 * writes (`next start` does not serve `output: "standalone"` builds as deployed). Every test
 * server (API, crash, browser) starts it this way, with the tests' one secrets key, trusting
 * the tests' https certificate for 127.0.0.1. It runs in its own folder, so paths in its
 * environment must be absolute.
 */
const serverJs = path.resolve(".next/standalone/server.js");

export function standaloneServerCommand(port: number): {
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  if (!existsSync(serverJs))
    throw new Error(
      "No standalone server: run `npm run build` (scripts/build-standalone.sh) first.",
    );
  return {
    command: process.execPath,
    args: [serverJs],
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
      SECRETS_ENCRYPTION_KEY: testSecretsKey,
      NODE_EXTRA_CA_CERTS: loopbackHttpsCertPath,
    },
  };
}
