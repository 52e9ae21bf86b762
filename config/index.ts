import { z } from "zod";
import { parseCron } from "./cron-expression";
import { isPublicDeployment } from "./public-origin";

/**
 * Every setting of the service, in one schema, read from the environment once per process.
 * `docs/configuration.md` is generated from it (`npm run config:docs`); no other file reads
 * `process.env`. An empty value counts as unset.
 */

type TGroup =
  | "Server"
  | "Database"
  | "Console"
  | "Mail"
  | "Rate limits"
  | "Background work"
  | "Webhooks"
  | "Money and rails"
  | "Keys, tokens and receipts"
  | "Retention"
  | "Observability"
  | "Tests and benchmarks";

/** What the generated documentation says of a variable; `production` marks `.env.example`'s set. */
export type TVariableDoc = { group: TGroup; description: string; production?: boolean };

const documented = <T extends z.ZodType>(schema: T, doc: TVariableDoc): T => {
  variableDocs.set(schema, doc);
  return schema;
};
export const variableDocs = new Map<z.ZodType, TVariableDoc>();

const text = () => z.string().trim().min(1);
const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const scale = () =>
  z.coerce
    .number({ error: "must be a number" })
    .positive("must be greater than 0")
    .max(1, "must be at most 1 (it only shortens the schedule)");
const onOff = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
        error: "must be one of on, off, true, false, 1, 0, yes, no",
      }),
    )
    .transform((value) => ["1", "true", "on", "yes"].includes(value));
const url = (protocols: RegExp, example: string) =>
  z.url({ protocol: protocols, error: `must be a URL like ${example}` });
const httpUrl = () => url(/^https?$/, "https://host");
const cron = (fallback: string) =>
  z
    .string()
    .refine((value) => typeof parseCron(value) !== "string", {
      message: "must be a cron expression: five fields, UTC",
    })
    .default(fallback);
const days = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number of days" })
    .positive("must be greater than 0")
    .max(3650, "must be at most 3650")
    .default(fallback);

const ConfigSchema = z.object({
  PORT: documented(integer(1, 65_535).default(3000), {
    group: "Server",
    description: "The port the server listens on.",
  }),
  KEEP_ALIVE_TIMEOUT: documented(integer(0, 2_147_483_647).optional(), {
    group: "Server",
    description:
      "Milliseconds an idle keep-alive connection stays open; read by the Next.js server itself. Behind a load balancer, set it above the balancer's idle timeout (`65000` behind a 60 s one).",
  }),
  PUBLIC_URL: documented(httpUrl().optional(), {
    group: "Server",
    production: true,
    description:
      "The origin clients use (`https://api.example.com`): links in errors and receipts, the console's origin. Unset: the request's own host, for local use.",
  }),
  SANDBOX_HOSTNAME: documented(text().toLowerCase().optional(), {
    group: "Server",
    description:
      "A host name whose requests are sandbox requests (`sandbox.example.com`), besides the `/sandbox/v1` paths.",
  }),
  TRUSTED_PROXIES: documented(z.string().default(""), {
    group: "Server",
    production: true,
    description:
      "Comma-separated addresses or CIDR ranges of the proxies in front of the service; only they may set `X-Forwarded-For`, `X-Forwarded-Host` and `X-Forwarded-Proto`.",
  }),
  SHUTDOWN_TIMEOUT_MS: documented(integer(0, 600_000).default(25_000), {
    group: "Server",
    description:
      "On SIGTERM, how long in-flight requests and job calls may take to finish before the process exits anyway.",
  }),

  DATABASE_URL: documented(url(/^postgres(ql)?$/, "postgres://user@host:5432/db").optional(), {
    group: "Database",
    production: true,
    description:
      "PostgreSQL connection URL. Unset: an embedded PGlite database in `DATA_DIR`, for local use by one process.",
  }),
  DATABASE_EMBEDDED: documented(onOff().default(false), {
    group: "Database",
    description: "Set by the server itself when it started the embedded database; not a setting.",
  }),
  DATA_DIR: documented(text().default(".data"), {
    group: "Database",
    description: "Where the embedded database and local state live.",
  }),
  DATABASE_POOL_SIZE: documented(integer(1, 1_000).default(10), {
    group: "Database",
    description: "Connections per process for transactions.",
  }),
  DATABASE_STATEMENT_POOL_SIZE: documented(integer(1, 100).default(2), {
    group: "Database",
    description: "Connections per process for single statements outside transactions.",
  }),
  DATABASE_CONNECT_TIMEOUT_S: documented(integer(1, 300).default(5), {
    group: "Database",
    description: "Seconds a new connection may take before the request fails with 503.",
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: documented(integer(100, 3_600_000).default(30_000), {
    group: "Database",
    description: "Longest a single statement may run.",
  }),

  NEXTAUTH_URL: documented(httpUrl().optional(), {
    group: "Console",
    description:
      "The console's origin, when it differs from `PUBLIC_URL` (`https://` turns on `__Secure-` cookies).",
  }),
  NEXTAUTH_SECRET: documented(text().optional(), {
    group: "Console",
    production: true,
    description:
      "Signs console sessions (`openssl rand -base64 32`). Required with a public origin; unset locally, one is generated and kept in the database, sealed with `SECRETS_ENCRYPTION_KEY`.",
  }),
  AUTH_TRUST_HOST: documented(z.string().optional(), {
    group: "Console",
    description:
      "Read by next-auth; the service sets it for local runs without a configured origin.",
  }),
  GITHUB_ID: documented(text().optional(), {
    group: "Console",
    description:
      "GitHub OAuth app client id; with `GITHUB_SECRET`, offers GitHub sign-in (callback `<origin>/api/auth/callback/github`).",
  }),
  GITHUB_SECRET: documented(text().optional(), {
    group: "Console",
    description: "GitHub OAuth app client secret.",
  }),

  SMTP_URL: documented(url(/^smtps?$/, "smtp://user:password@host:587").optional(), {
    group: "Mail",
    production: true,
    description:
      "Where the console sends mail (password resets, invitations): `smtp://` (STARTTLS when offered) or `smtps://`, credentials in the URL. Unset locally (no public origin), mail is written to `DATA_DIR/mail/` as `.eml` files; unset with a public origin, no mail is sent and each one skipped is logged without its content.",
  }),
  MAIL_FROM: documented(text().default("Agent Settlement Service <no-reply@localhost>"), {
    group: "Mail",
    description: "The `From` of the console's mail.",
  }),

  RATE_LIMIT: documented(z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"), {
    group: "Rate limits",
    description: "`off` serves every request without limits (benchmarks only).",
  }),
  REDIS_URL: documented(url(/^rediss?$/, "redis://host:6379").optional(), {
    group: "Rate limits",
    production: true,
    description:
      "Redis over TCP for rate limits shared by every process. Unset (and no Upstash): limits held by each process.",
  }),
  UPSTASH_REDIS_REST_URL: documented(httpUrl().optional(), {
    group: "Rate limits",
    description: "Upstash Redis REST URL, instead of `REDIS_URL`.",
  }),
  UPSTASH_REDIS_REST_TOKEN: documented(text().optional(), {
    group: "Rate limits",
    description: "Upstash Redis REST token.",
  }),
  RATE_LIMIT_PREFIX: documented(text().default("ass:ratelimit"), {
    group: "Rate limits",
    description: "Prefix of the rate limiter's Redis keys.",
  }),
  RATE_LIMIT_TIMEOUT_MS: documented(integer(1, 60_000).default(500), {
    group: "Rate limits",
    description:
      "How long a limit check waits for Redis before the process's own fallback limits answer.",
  }),

  BACKGROUND_WORK: documented(
    z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    {
      group: "Background work",
      production: true,
      description:
        "`off`: this process only serves requests; other processes (workers) dispatch the outbox and run functions. Needs `DATABASE_URL`.",
    },
  ),
  INNGEST_EVENT_KEY: documented(text().optional(), {
    group: "Background work",
    description:
      "With `INNGEST_SIGNING_KEY`, functions run on Inngest instead of the embedded runner.",
  }),
  INNGEST_SIGNING_KEY: documented(text().optional(), {
    group: "Background work",
    description: "Inngest signing key (set by the embedded runner for its own calls otherwise).",
  }),
  INNGEST_BASE_URL: documented(httpUrl().optional(), {
    group: "Background work",
    description: "A self-hosted Inngest server, instead of Inngest Cloud.",
  }),
  INNGEST_DEV: documented(text().optional(), {
    group: "Background work",
    description: "Use an Inngest dev server (its URL, or `1` for the default).",
  }),
  JOBS_CONCURRENCY: documented(integer(1, 10_000).default(256), {
    group: "Background work",
    description: "Function calls in flight per process (embedded runner).",
  }),
  JOBS_POLL_MS: documented(integer(10, 3_600_000).default(200), {
    group: "Background work",
    description: "Idle poll for due runs (embedded runner).",
  }),
  JOBS_LEASE_MS: documented(integer(1_000, 3_600_000).default(30_000), {
    group: "Background work",
    description: "How long a claimed run stays with its process without a heartbeat.",
  }),
  JOBS_RETRY_SCALE: documented(scale().default(1), {
    group: "Tests and benchmarks",
    description: "Factor on the embedded runner's retry delays (tests use 0.001).",
  }),
  JOBS_SLEEP_SCALE: documented(scale().default(1), {
    group: "Tests and benchmarks",
    description: "Factor on `step.sleep` durations in the embedded runner.",
  }),
  JOBS_TEST_FUNCTIONS: documented(onOff().default(false), {
    group: "Tests and benchmarks",
    description: "Registers the diagnostic functions the runner's tests call.",
  }),

  WEBHOOKS_ALLOW_PRIVATE_URLS: documented(onOff().optional(), {
    group: "Webhooks",
    description:
      "Sandbox endpoints may use http and private or loopback addresses. Default: on for a local deployment, off with a public origin; never in production.",
  }),
  WEBHOOK_DNS_TIMEOUT_MS: documented(integer(100, 60_000).default(2_000), {
    group: "Webhooks",
    description:
      "How long a webhook URL's host may take to resolve (DNS A and AAAA, or the system's own names such as /etc/hosts) before the URL is refused as unresolvable: 400 when an endpoint is created or changed, a failed attempt at delivery.",
  }),
  WEBHOOK_REQUEUE_CRON: documented(cron("*/5 * * * *"), {
    group: "Webhooks",
    description:
      "When pending deliveries more than 15 minutes past their next attempt (their run stopped, e.g. its retries ran out in a database outage) are sent again (cron, UTC).",
  }),
  WEBHOOK_RETRY_SCALE: documented(scale().default(1), {
    group: "Tests and benchmarks",
    description: "Factor on every webhook retry delay (the API and browser tests use 0.0001).",
  }),

  CURRENCIES: documented(
    z
      .string()
      .transform((value) => value.split(",").map((code) => code.trim().toUpperCase()))
      .pipe(z.array(z.string().regex(/^[A-Z]{3}$/, "must list ISO 4217 codes")).min(1))
      .default(["USD", "EUR", "GBP", "JPY"]),
    {
      group: "Money and rails",
      description: "Comma-separated ISO 4217 currencies this deployment accepts.",
    },
  ),
  DEFAULT_RAIL: documented(
    z.enum(["sandbox", "ledger"], { error: 'must be "sandbox" or "ledger"' }).default("sandbox"),
    { group: "Money and rails", description: "The rail of a settlement that names none." },
  ),
  RAIL_TIMEOUT_MS: documented(integer(1, 600_000).default(10_000), {
    group: "Money and rails",
    description:
      "A rail call without an answer by then is resolved by a status lookup, which voids a payment the rail does not hold.",
  }),
  EXECUTION_SWEEP_CRON: documented(cron("*/15 * * * *"), {
    group: "Money and rails",
    description:
      "When settlements still executing six hours after their execution started (every run's retries ran out, e.g. in a database outage) are resolved by the rail: completed if it holds the payment, failed otherwise (cron, UTC).",
  }),
  SANDBOX_SLOW_MS: documented(integer(0, 600_000).default(3000), {
    group: "Money and rails",
    description: "How long the sandbox rail's slow test amounts take.",
  }),
  IDEMPOTENCY_LEASE_MS: documented(integer(1_000, 3_600_000).default(60_000), {
    group: "Server",
    description:
      "How long an `Idempotency-Key` stays claimed by a request that has not finished (after a crash, the next retry takes it over).",
  }),
  USAGE_FLUSH_MS: documented(integer(10, 3_600_000).default(5_000), {
    group: "Server",
    description: "How often each process writes its usage counts to the database.",
  }),
  REQUEST_LOG_FLUSH_MS: documented(integer(10, 60_000).default(1_000), {
    group: "Server",
    description:
      "How often each process writes the request log entries it holds to the database (sooner when `REQUEST_LOG_BATCH_SIZE` are waiting).",
  }),
  REQUEST_LOG_BATCH_SIZE: documented(integer(1, 1_000).default(500), {
    group: "Server",
    description: "Request log entries written by one INSERT; a full batch is written at once.",
  }),
  REQUEST_LOG_BUFFER_MAX: documented(integer(1, 1_000_000).default(20_000), {
    group: "Server",
    description:
      "Request log entries a process holds while the database does not take them; beyond it new entries are dropped (and counted in a warning) rather than growing memory.",
  }),
  API_KEY_CACHE_TTL_MS: documented(integer(0, 3_600_000).default(10_000), {
    group: "Keys, tokens and receipts",
    description:
      "How long a process may keep a looked-up API key or token subject in memory. A revocation reaches every server process milliseconds after its commit (PostgreSQL LISTEN/NOTIFY) and drops that organization's entries; this only bounds an entry's age should a notification be lost. On the embedded database nothing is cached.",
  }),

  JWT_PRIVATE_KEY: documented(text().optional(), {
    group: "Keys, tokens and receipts",
    production: true,
    description:
      "RS256 private key (PKCS#8 PEM, `\\n` allowed) signing agent tokens. Unset: generated and kept in the database, sealed with `SECRETS_ENCRYPTION_KEY`.",
  }),
  ATTEST_TREE_HEAD_KEY: documented(text().optional(), {
    group: "Keys, tokens and receipts",
    production: true,
    description:
      "Ed25519 private key (PKCS#8 PEM) signing the attest log's tree heads; changing it retires the old one, which stays published. Unset: generated and kept in the database, sealed with `SECRETS_ENCRYPTION_KEY`.",
  }),
  ATTEST_WITNESSES: documented(
    z
      .string()
      .transform((value) => value.split(",").map((vkey) => vkey.trim()))
      .pipe(
        z.array(
          // <name>+<hex key ID>+base64(0x04 ‖ 32-byte Ed25519 key): 0x04 makes it start "B".
          z
            .string()
            .regex(/^[^\s+,]+\+[0-9a-f]{8}\+B[A-Za-z0-9+/]{43}$/, "must list witness vkeys"),
        ),
      )
      .optional(),
    {
      group: "Keys, tokens and receipts",
      description:
        "Comma-separated vkeys (`<name>+<key ID>+<base64(0x04 ‖ Ed25519 public key)>`, c2sp.org/tlog-cosignature) of the witnesses whose cosignatures of the attest log's checkpoints the server accepts and serves. Unset: no witness is accepted.",
    },
  ),
  SECRETS_ENCRYPTION_KEY: documented(
    text()
      .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes in base64 (`openssl rand -base64 32`)")
      .optional(),
    {
      group: "Keys, tokens and receipts",
      production: true,
      description:
        "32 random bytes in base64 (`openssl rand -base64 32`) sealing, with AES-256-GCM, the secrets kept in the database: webhook signing secrets, generated private keys and the generated `NEXTAUTH_SECRET`. Required with a public origin; every process of a deployment needs the same key, and losing it loses those secrets. Unset locally: generated once into `DATA_DIR/secrets.key`.",
    },
  ),
  SECRETS_DECRYPTION_KEYS: documented(
    z
      .string()
      .transform((value) => value.split(",").map((key) => key.trim()))
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^[A-Za-z0-9+/]{43}=$/,
              "must list keys of 32 bytes in base64 (`openssl rand -base64 32`)",
            ),
        ),
      )
      .optional(),
    {
      group: "Keys, tokens and receipts",
      description:
        "Comma-separated keys (each like `SECRETS_ENCRYPTION_KEY`) that open stored secrets but never seal: the old key while rotating `SECRETS_ENCRYPTION_KEY`, or the next one before every process switches to it. `npm run cli -- secrets reseal` re-seals every value under the current key; then the old key can go. See docs/deployment.md.",
    },
  ),
  ATTEST_LOG_NAME: documented(
    text()
      .regex(/^[\x21-\x7e]{1,200}$/, "must be printable ASCII without spaces")
      .refine((name) => !name.includes("+"), "must not contain '+'")
      .optional(),
    {
      group: "Keys, tokens and receipts",
      production: true,
      description:
        "Names this deployment's attest log in its checkpoints' origin line (`<name>/attest/<environment>`, fixed when the log is created), e.g. `api.example.com`. Required with a public origin; unset locally, a `local-…` name is generated once and kept in the database.",
    },
  ),

  RETENTION_CRON: documented(cron("*/15 * * * *"), {
    group: "Retention",
    description: "When the retention function runs (cron, UTC).",
  }),
  RETENTION_BATCH_SIZE: documented(integer(1, 100_000).default(1_000), {
    group: "Retention",
    description: "Rows one DELETE removes, so that no statement holds locks for long.",
  }),
  RETENTION_EVENTS_DAYS: documented(days(30), {
    group: "Retention",
    description: "Events older than this are deleted.",
  }),
  RETENTION_OUTBOX_DAYS: documented(days(1), {
    group: "Retention",
    description: "Dispatched outbox rows older than this are deleted.",
  }),
  RETENTION_JOB_RUNS_DAYS: documented(days(7), {
    group: "Retention",
    description: "Finished job runs (and their events) older than this are deleted.",
  }),
  RETENTION_WEBHOOK_DAYS: documented(days(30), {
    group: "Retention",
    description: "Finished webhook deliveries and their attempts older than this are deleted.",
  }),
  RETENTION_REQUEST_LOGS_DAYS: documented(days(30), {
    group: "Retention",
    description: "Request log entries (the console's request logs) older than this are deleted.",
  }),

  LOG_LEVEL: documented(
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    { group: "Observability", description: "The lowest level written to the JSON log." },
  ),
  METRICS_TOKEN: documented(text().min(16, "must be at least 16 characters").optional(), {
    group: "Observability",
    production: true,
    description: "The bearer token `/metrics` asks for; unset, `/metrics` answers 404.",
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: documented(httpUrl().optional(), {
    group: "Observability",
    description: "Traces are exported over OTLP/HTTP to `<endpoint>/v1/traces` when set.",
  }),
  OTEL_SERVICE_NAME: documented(text().default("agent-settlement-service"), {
    group: "Observability",
    description: "The service name in logs and traces.",
  }),
});

type TProblem = { name: string; message: string };

/** Settings that only make sense together, checked on the raw values so every problem shows. */
function conflicts(env: Readonly<Record<string, string | undefined>>): TProblem[] {
  const problems: TProblem[] = [];
  const problem = (name: string, message: string) => problems.push({ name, message });
  if (!env.INNGEST_DEV && Boolean(env.INNGEST_EVENT_KEY) !== Boolean(env.INNGEST_SIGNING_KEY)) {
    problem(
      env.INNGEST_EVENT_KEY ? "INNGEST_SIGNING_KEY" : "INNGEST_EVENT_KEY",
      "set both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to use Inngest, or neither for the embedded runner",
    );
  }
  if (env.BACKGROUND_WORK === "off" && !env.DATABASE_URL) {
    problem(
      "BACKGROUND_WORK",
      "off needs DATABASE_URL: the embedded database belongs to this process, so no other process could do the work",
    );
  }
  if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
    problem(
      env.UPSTASH_REDIS_REST_URL ? "UPSTASH_REDIS_REST_TOKEN" : "UPSTASH_REDIS_REST_URL",
      "set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither",
    );
  }
  if (!env.NEXTAUTH_SECRET && URL.canParse(env.NEXTAUTH_URL || env.PUBLIC_URL || "")) {
    if (isPublicDeployment(env)) {
      problem(
        "NEXTAUTH_SECRET",
        "required when NEXTAUTH_URL or PUBLIC_URL is a public address (generate one with `openssl rand -base64 32`)",
      );
    }
  }
  if (!env.SECRETS_ENCRYPTION_KEY && URL.canParse(env.NEXTAUTH_URL || env.PUBLIC_URL || "")) {
    if (isPublicDeployment(env)) {
      problem(
        "SECRETS_ENCRYPTION_KEY",
        "required when NEXTAUTH_URL or PUBLIC_URL is a public address: it encrypts the secrets kept in the database (generate one with `openssl rand -base64 32`)",
      );
    }
  }
  if (!env.ATTEST_LOG_NAME && URL.canParse(env.NEXTAUTH_URL || env.PUBLIC_URL || "")) {
    if (isPublicDeployment(env)) {
      problem(
        "ATTEST_LOG_NAME",
        "required when NEXTAUTH_URL or PUBLIC_URL is a public address: it names this deployment's attest log (e.g. api.example.com)",
      );
    }
  }
  if (Boolean(env.GITHUB_ID) !== Boolean(env.GITHUB_SECRET)) {
    problem(
      env.GITHUB_ID ? "GITHUB_SECRET" : "GITHUB_ID",
      "set both GITHUB_ID and GITHUB_SECRET, or neither",
    );
  }
  return problems;
}

export type TConfig = z.output<typeof ConfigSchema>;
export const configSchema = ConfigSchema;

/** Every bad variable with why, so that one start-up attempt shows them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The settings in `env`; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): TConfig {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape)
      .map((name) => [name, env[name]?.trim() ? env[name] : undefined] as const)
      .filter(([, value]) => value !== undefined),
  );
  const parsed = ConfigSchema.safeParse(known);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => ({
      name: String(issue.path[0]),
      message: issue.message,
    })),
    ...conflicts(known),
  ];
  if (parsed.success && problems.length === 0) return parsed.data;
  throw new ConfigError(
    problems.map(({ name, message }) => {
      const value = known[name];
      const secret = /SECRET|TOKEN|KEY|PASSWORD/.test(name);
      return `${name}: ${message}${value === undefined || secret ? "" : ` (got "${value}")`}`;
    }),
  );
}

// On globalThis, so that every bundle Next.js loads in this process shares one reading.
const holder = globalThis as unknown as { __assConfig?: TConfig };

/** The process's settings, read from the environment on first use. */
export function config(): TConfig {
  holder.__assConfig ??= parseConfig(process.env);
  return holder.__assConfig;
}

/**
 * Sets (or, with `undefined`, removes) variables for this process and the libraries that read
 * the environment themselves (next-auth, child processes), when the result is a valid
 * configuration; throws a ConfigError and changes nothing otherwise.
 */
export function setConfigVariables(variables: Record<string, string | undefined>): TConfig {
  const next = parseConfig({ ...process.env, ...variables });
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  holder.__assConfig = next;
  return next;
}

/**
 * Sets variables that only libraries read themselves (next-auth's origin, the Inngest SDK's
 * signing key); the service's own reading stays the one made at start.
 */
export function setLibraryVariables(variables: Record<string, string>): void {
  Object.assign(process.env, variables);
}

/**
 * `process.env` as a plain-object copy: the Inngest SDK enumerates the whole environment on
 * every call of its handler, and enumerating Node's real `process.env` goes through native code
 * for every variable. Reads and writes from JavaScript behave the same.
 */
export function snapshotProcessEnv(): void {
  process.env = { ...process.env };
}
