import { afterAll, inject } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { testSecretsKey } from "./secrets-key";

// Domain functions called from tests share the server's database, and its secrets key (which
// the CLI processes tests start inherit too).
setConfigVariables({
  DATABASE_URL: inject("databaseUrl"),
  DATABASE_EMBEDDED: inject("databaseEmbedded") ? "1" : undefined,
  SECRETS_ENCRYPTION_KEY: testSecretsKey,
});

afterAll(() => closeDatabase());
