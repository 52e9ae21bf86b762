import postgres from "postgres";

/**
 * VACUUM ANALYZE of a benchmark's database, run before each trial of a sustained search: what
 * autovacuum (on by default) does on a deployed PostgreSQL, for a server that runs without it.
 * Without it each trial inherits the dead rows of the trials before it, and the planner keeps
 * the statistics of empty tables, so a search's later trials would measure those rather than
 * the rate they offer.
 */
export async function vacuumDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe("vacuum analyze");
  } finally {
    await sql.end();
  }
}
