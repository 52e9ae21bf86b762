import { afterAll, inject } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";

// Domain functions called from tests share the server's database.
setConfigVariables({
  DATABASE_URL: inject("databaseUrl"),
  DATABASE_EMBEDDED: inject("databaseEmbedded") ? "1" : undefined,
});

afterAll(() => closeDatabase());
