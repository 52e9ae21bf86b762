/**
 * Why a test is skipped where it is: every `skipIf` carries one of these tags (vitest.config.ts
 * declares them), and the suite's summary (scripts/test-summary.mjs) counts skipped tests by them.
 * Plain data, so that Node runs this file without a build step.
 */
export const skipTags = [
  {
    name: "pglite-one-session",
    description:
      "needs PostgreSQL: PGlite runs every client on one session, so concurrent transactions, row locks and advisory locks cannot meet",
  },
  {
    name: "own-server-processes",
    description:
      "needs PostgreSQL: the test runs server processes of its own (API and worker, or several) on one database, and PGlite serves one process per data directory",
  },
  {
    name: "database-outage",
    description:
      "needs PostgreSQL: the outage is a cut TCP connection to the database server, and PGlite runs inside the server process",
  },
  {
    name: "embedded-only",
    description:
      "embedded PGlite only: checks how the CLI reaches a database that only the server may open",
  },
];
