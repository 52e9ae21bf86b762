import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { config } from "@/config";
import { ProtocolSequenceQueue } from "./embedded-queue";

/**
 * The embedded default: PGlite (Postgres compiled to WebAssembly) in DATA_DIR, served on a
 * loopback port over the Postgres wire protocol. The app then talks to it with the same
 * postgres.js driver as in production, and a second process (the CLI, a test) goes through the
 * running server instead of opening the data directory itself, which PGlite does not allow.
 */
export type TEmbeddedDatabase = { url: string; stop: () => Promise<void> };

type TOwnerFile = { pid: number; url: string; owner: "server" | "cli" };

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ config().DATA_DIR);
}

const ownerFile = () => path.join(dataDir(), "embedded-db.json");

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL of the embedded database a live process is serving, if any. */
export function runningEmbeddedDatabase(): TOwnerFile | undefined {
  if (!existsSync(ownerFile())) return undefined;
  const owner = JSON.parse(readFileSync(ownerFile(), "utf8")) as TOwnerFile;
  return isAlive(owner.pid) && owner.pid !== process.pid ? owner : undefined;
}

export async function startEmbeddedDatabase(
  owner: TOwnerFile["owner"],
): Promise<TEmbeddedDatabase> {
  const running = runningEmbeddedDatabase();
  if (running) {
    throw new Error(
      `The embedded database in ${dataDir()} is already open by process ${running.pid} (${running.owner}). ` +
        "Stop it first, or set DATABASE_URL to use PostgreSQL.",
    );
  }
  const directory = path.join(dataDir(), "pglite");
  mkdirSync(directory, { recursive: true });
  const pglite = await PGlite.create(directory);
  const server = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: 0,
    maxConnections: 100,
  });
  // Set before start(): every connection handler takes the server's queue when it attaches.
  (server as unknown as { queryQueue: ProtocolSequenceQueue }).queryQueue =
    new ProtocolSequenceQueue(pglite);
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  writeFileSync(ownerFile(), JSON.stringify({ pid: process.pid, url, owner } satisfies TOwnerFile));
  return {
    url,
    async stop() {
      rmSync(ownerFile(), { force: true });
      await server.stop();
      await pglite.close();
    },
  };
}
