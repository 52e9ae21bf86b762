import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { config } from "@/config";
import * as schema from "./schema";

export type TDatabase = PostgresJsDatabase<typeof schema>;
export type TTransaction = Parameters<Parameters<TDatabase["transaction"]>[0]>[0];
/** Either the database or an open transaction: domain functions accept both. */
export type TExecutor = TDatabase | TTransaction;

type TConnection = {
  db: TDatabase;
  sql: postgres.Sql;
  /** The small pool of hot single statements, opened on first use (see statementSql). */
  statements?: { sql: postgres.Sql; db: TDatabase };
  /** The one connection of session-scoped locks, opened on first use (see sessionSql). */
  session?: postgres.Sql;
  url: string;
  /** Queries built once for this connection (see preparedQuery). */
  prepared: Map<string, unknown>;
};

// One pool per process, shared by every bundle Next.js builds (route chunks, instrumentation).
const holder = globalThis as unknown as { __assDatabase?: TConnection };

/**
 * The embedded database multiplexes every client onto one PGlite session at the level of
 * protocol messages, which holds only for one connection per client and no named statements.
 */
const embedded = () => config().DATABASE_EMBEDDED;

/**
 * The client drizzle talks through. drizzle asks postgres.js to prepare only the queries built
 * with `.prepare(name)`; every other statement went through PostgreSQL's unnamed statement,
 * parsed and planned again on each execution.
 * Here postgres.js prepares every statement on its connection, inside transactions (drizzle
 * opens them with `begin` and nests them with `savepoint`) too; it keeps them per connection
 * by their text, so each distinct statement is planned once.
 */
function preparingClient<Sql extends postgres.Sql | postgres.TransactionSql>(sql: Sql): Sql {
  return new Proxy<object>(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "unsafe") {
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          observed(query, value(query, params, { ...options, prepare: true }));
      }
      if (property === "begin" || property === "savepoint") {
        return (scoped: (tx: postgres.TransactionSql) => unknown) =>
          value((tx: postgres.TransactionSql) => scoped(preparingClient(tx)));
      }
      return value;
    },
  }) as Sql;
}

/** Wraps the execution of every statement drizzle sends (tracing sets it; db/ imports nothing above it). */
export type TStatementObserver = <T>(statement: string, execute: () => Promise<T>) => Promise<T>;

const observer = globalThis as unknown as { __assStatementObserver?: TStatementObserver };

export function observeStatements(observe: TStatementObserver): void {
  observer.__assStatementObserver = observe;
}

/**
 * A pending postgres.js query runs when it is first awaited: its `then` is wrapped so the
 * observer sees the execution, whatever drizzle chained on it before (`.values()` returns it).
 */
function observed<Query extends postgres.PendingQuery<postgres.Row[]>>(
  statement: string,
  query: Query,
): Query {
  const observe = observer.__assStatementObserver;
  if (!observe) return query;
  const then = query.then.bind(query);
  let execution: Promise<unknown> | undefined;
  // biome-ignore lint/suspicious/noThenProperty: the query is a thenable; its execution starts here.
  Object.defineProperty(query, "then", {
    value: (resolve?: (value: unknown) => unknown, reject?: (reason: unknown) => unknown) => {
      execution ??= observe(statement, () => then());
      return execution.then(resolve, reject);
    },
  });
  return query;
}

/**
 * Bounds on waiting for PostgreSQL, so that an outage answers 503 within seconds instead of
 * holding requests: a connection attempt gives up after DATABASE_CONNECT_TIMEOUT_S, reconnects
 * follow each other within a second, a statement gives up after DATABASE_STATEMENT_TIMEOUT_MS
 * (0: no limit, as migrations use).
 */
function timeouts(statementTimeoutMs: number | undefined) {
  if (embedded()) return { connection: {} };
  const statement = statementTimeoutMs ?? config().DATABASE_STATEMENT_TIMEOUT_MS;
  return {
    connect_timeout: config().DATABASE_CONNECT_TIMEOUT_S,
    // postgres.js waits up to 20 s between reconnect attempts by default, and a query queued
    // meanwhile waits with it; at most 1 s keeps an outage's answers within the connect timeout.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
    connection: { statement_timeout: statement },
  };
}

const pool = (url: string, max: number, statementTimeoutMs?: number) => {
  const bounds = timeouts(statementTimeoutMs);
  return postgres(url, {
    max: embedded() ? 1 : max,
    prepare: !embedded(),
    onnotice: () => {},
    ...bounds,
    connection: { application_name: "agent-settlement-service", ...bounds.connection },
  });
};

const drizzleOn = (sql: postgres.Sql): TDatabase =>
  drizzle(embedded() ? sql : preparingClient(sql), { schema, casing: "snake_case" });

export function connect(
  url: string,
  options: { max?: number; statementTimeoutMs?: number } = {},
): TConnection {
  const sql = pool(url, options.max ?? config().DATABASE_POOL_SIZE, options.statementTimeoutMs);
  return { db: drizzleOn(sql), sql, url, prepared: new Map() };
}

function connection(): TConnection {
  if (holder.__assDatabase) return holder.__assDatabase;
  const url = config().DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. The server sets it at start-up (embedded PGlite when unset); scripts call ensureDatabase() first.",
    );
  }
  holder.__assDatabase = connect(url);
  return holder.__assDatabase;
}

/** The drizzle database, created on first use from DATABASE_URL. */
export const db: TDatabase = new Proxy({} as TDatabase, {
  get(_target, property) {
    const target = connection().db;
    const value = Reflect.get(target, property);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

/**
 * A query built once per connection and then only executed: drizzle otherwise rebuilds the SQL
 * text on every call, which costs more CPU than the driver's whole round trip for a small read. For
 * hot statements whose shape is fixed; values go in as `sql.placeholder(...)`. `on` picks the
 * pool: the main one, or the small one of hot single statements (statementDb).
 */
export function preparedQuery<Query>(
  name: string,
  build: (db: TDatabase) => Query,
  on: "main" | "statements" = "main",
): Query {
  const current = connection();
  if (!current.prepared.has(name))
    current.prepared.set(name, build(on === "main" ? current.db : statementPool().db));
  return current.prepared.get(name) as Query;
}

export function rawSql(): postgres.Sql {
  return connection().sql;
}

function statementPool(): NonNullable<TConnection["statements"]> {
  const current = connection();
  if (!current.statements) {
    if (embedded()) current.statements = { sql: current.sql, db: current.db };
    else {
      const sql = pool(current.url, config().DATABASE_STATEMENT_POOL_SIZE);
      current.statements = { sql: preparingClient(sql), db: drizzleOn(sql) };
    }
  }
  return current.statements;
}

/**
 * postgres.js on a pool of its own (DATABASE_STATEMENT_POOL_SIZE, 2) for the hottest single
 * statements: the agents list, and the embedded runner's and webhook attempts' reads and writes.
 * Concurrent statements queue on its few connections and postgres.js pipelines them: one write
 * and one read system call carry several queries, and PostgreSQL wakes fewer backends.
 * Transactions stay on the main pool, where a queued statement would wait behind another's
 * whole transaction. Every statement is prepared, `unsafe` ones too (preparingClient). Values
 * come as postgres.js parses them (timestamps as Date), not as drizzle maps them; statementDb
 * is drizzle on the same pool.
 */
export function statementSql(): postgres.Sql {
  return statementPool().sql;
}

export function statementDb(): TDatabase {
  return statementPool().db;
}

/**
 * One connection per process, for locks that live in a session: a lock one statement takes and
 * a later one releases must find the same session, which a pool does not promise (receipt
 * verification holds its advisory lock this way, without a transaction's BEGIN and COMMIT).
 * Concurrent statements pipeline on it, as on the statement pool, and every one is prepared.
 * Session locks need a direct connection or a session-mode pooler, not PgBouncer's transaction
 * mode. On the embedded database it is the one connection.
 */
export function sessionSql(): postgres.Sql {
  const current = connection();
  current.session ??= embedded() ? current.sql : preparingClient(pool(current.url, 1));
  return current.session;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__assDatabase;
  holder.__assDatabase = undefined;
  if (current?.statements && current.statements.sql !== current.sql)
    await current.statements.sql.end({ timeout: 5 });
  if (current?.session && current.session !== current.sql)
    await current.session.end({ timeout: 5 });
  await current?.sql.end({ timeout: 5 });
}
