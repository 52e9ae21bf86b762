import { afterAll, inject } from "vitest";
import { closeDatabase } from "@/db/client";

// Domain functions called from tests share the server's database.
process.env.DATABASE_URL = inject("databaseUrl");
if (inject("databaseEmbedded")) process.env.DATABASE_EMBEDDED = "1";

afterAll(() => closeDatabase());
