import postgres from "postgres";

/**
 * The PostgreSQL a benchmark runs on: DATABASE_URL as given, or a new database on the local
 * server (dropped again by `drop`).
 */
export async function benchDatabase(
  adminUrl = "postgres://postgres@127.0.0.1:5432/postgres",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, drop: async () => {} };
  const name = `bench_api_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
