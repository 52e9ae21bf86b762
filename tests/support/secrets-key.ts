import { createHash } from "node:crypto";

/**
 * The SECRETS_ENCRYPTION_KEY of every test server and of the test processes themselves: they
 * share one database, so they must seal and open with one key. Fixed rather than random, so that
 * a database kept from an earlier run still opens.
 */
export const testSecretsKey = createHash("sha256")
  .update("agent-settlement-service tests")
  .digest("base64");
