import postgres from "postgres";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { scratchDatabase } from "@/tests/support/scratch-database";

const LOCAL_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";
// Read once: each benchmark points this process's DATABASE_URL at its own database.
const configured = process.env.DATABASE_URL;

/** Runs `work` with `url` migrated and set as this process's database. */
async function onDatabase<T>(url: string, work: (url: string) => Promise<T>): Promise<T> {
  try {
    setConfigVariables({ DATABASE_URL: url });
    await migrateDatabase(url);
    return await work(url);
  } finally {
    await closeDatabase();
  }
}

/**
 * Runs `work` on the PostgreSQL a benchmark uses: DATABASE_URL as given, or a new database on
 * the local server, dropped afterwards.
 */
export async function withBenchDatabase<T>(
  prefix: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const database = configured
    ? { url: configured, create: async () => {}, drop: async () => {} }
    : scratchDatabase(prefix, LOCAL_SERVER);
  await database.create();
  try {
    return await onDatabase(database.url, work);
  } finally {
    await database.drop();
  }
}

/**
 * Runs `work` on the database `name` of the local server, which is kept between runs: created
 * when missing, or anew when `fresh`.
 */
export async function withKeptDatabase<T>(
  name: string,
  options: { fresh: boolean },
  work: (url: string) => Promise<T>,
): Promise<T> {
  const admin = postgres(LOCAL_SERVER, { max: 1, onnotice: () => {} });
  try {
    if (options.fresh) await admin.unsafe(`drop database if exists ${name} with (force)`);
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(LOCAL_SERVER);
  url.pathname = `/${name}`;
  return onDatabase(url.toString(), work);
}
