// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// database (through the running server when there is one), as the server does at start.
import { ensureDatabase } from "./ensure";

const database = await ensureDatabase("cli");
await database.embedded?.stop();
console.log(`migrations applied (${database.kind})`);
