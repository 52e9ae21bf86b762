import postgres from "postgres";
import { randomBase62 } from "@/lib/ids";

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway database on the PostgreSQL server that `serverUrl` points at, for tests and
 * benchmarks that need one of their own: its URL is known before it exists, so a server's
 * environment can be written first; `drop` also ends connections still open to it.
 */
export function scratchDatabase(prefix: string, serverUrl: string) {
  const name = `${prefix}_${randomBase62(10).toLowerCase()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => onServer(serverUrl, `create database ${name}`),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export type TScratchDatabase = ReturnType<typeof scratchDatabase>;
