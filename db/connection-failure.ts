/** Connection failures the driver reports with a Node.js or postgres.js code, not a SQLSTATE. */
const connectionFailures = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * SQLSTATEs of a database that cannot serve right now: connection exceptions (class 08), an
 * administrator or crash shutdown, a database starting up, too many connections, and a statement
 * cancelled by its timeout.
 */
const unavailableStates = /^(08...|57P01|57P02|57P03|53300|57014)$/;

const codesOf = function* (error: unknown) {
  let current: unknown = error;
  // drizzle wraps the driver's error in `cause`
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string") yield code;
    current = cause;
  }
};

/** The database cannot serve right now (its connection failed, or it says so). */
export const isDatabaseUnavailable = (error: unknown) =>
  [...codesOf(error)].some((code) => connectionFailures.has(code) || unavailableStates.test(code));
