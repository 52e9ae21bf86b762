/**
 * SQL text rendering a timestamptz column exactly as `Date#toISOString` would (UTC, milliseconds),
 * for statements whose rows PostgreSQL renders as JSON: drizzle has postgres.js hand timestamps
 * over unparsed, and a client re-rendering them would spend what rendering in SQL saves.
 */
export const isoTimeSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
