import { describe, expect, test } from "vitest";
import { ConfigError, configSchema, parseConfig, variableDocs } from "./index";

const problemsOf = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("parseConfig", () => {
  test("an empty environment gives the documented defaults", () => {
    const settings = parseConfig({});
    expect(settings.PORT).toBe(3000);
    expect(settings.CURRENCIES).toEqual(["USD", "EUR", "GBP", "JPY"]);
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.BACKGROUND_WORK).toBe("on");
    expect(settings.RETENTION_EVENTS_DAYS).toBe(30);
    expect(settings.WEBHOOKS_ALLOW_PRIVATE_URLS).toBeUndefined();
  });

  test("values are typed; an empty value counts as unset", () => {
    const settings = parseConfig({
      PORT: "8080",
      CURRENCIES: " usd, chf ",
      JOBS_TEST_FUNCTIONS: "on",
      DATABASE_POOL_SIZE: "",
      RETENTION_EVENTS_DAYS: "0.5",
    });
    expect(settings.PORT).toBe(8080);
    expect(settings.CURRENCIES).toEqual(["USD", "CHF"]);
    expect(settings.JOBS_TEST_FUNCTIONS).toBe(true);
    expect(settings.DATABASE_POOL_SIZE).toBe(10);
    expect(settings.RETENTION_EVENTS_DAYS).toBe(0.5);
  });

  test("every bad variable is named with why, in one error", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_POOL_SIZE: "0",
      RATE_LIMIT: "sometimes",
      RETENTION_CRON: "every day",
      CURRENCIES: "USD,EURO",
      OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318",
      DATABASE_URL: "mysql://db/ass",
    });
    expect(problems).toEqual([
      'PORT: must be a number (got "eighty")',
      'DATABASE_URL: must be a URL like postgres://user@host:5432/db (got "mysql://db/ass")',
      'DATABASE_POOL_SIZE: must be at least 1 (got "0")',
      'RATE_LIMIT: must be "on" or "off" (got "sometimes")',
      'CURRENCIES: must list ISO 4217 codes (got "USD,EURO")',
      'RETENTION_CRON: must be a cron expression: five fields, UTC (got "every day")',
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be a URL like https://host (got "collector:4318")',
    ]);
  });

  test("settings that only make sense together are checked together", () => {
    expect(problemsOf({ INNGEST_EVENT_KEY: "e" })).toEqual([
      "INNGEST_SIGNING_KEY: set both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to use Inngest, or neither for the embedded runner",
    ]);
    expect(problemsOf({ BACKGROUND_WORK: "off" })[0]).toMatch(
      /^BACKGROUND_WORK: off needs DATABASE_URL/,
    );
    expect(problemsOf({ UPSTASH_REDIS_REST_URL: "https://x.upstash.io" })[0]).toMatch(
      /^UPSTASH_REDIS_REST_TOKEN: set both/,
    );
    expect(problemsOf({ PUBLIC_URL: "https://api.example.com" })).toEqual([
      expect.stringMatching(/^NEXTAUTH_SECRET: required when/),
      expect.stringMatching(
        /^SECRETS_ENCRYPTION_KEY: required when .* \(generate one with `openssl rand -base64 32`\)$/,
      ),
      expect.stringMatching(/^ATTEST_LOG_NAME: required when/),
    ]);
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe(
      "http://localhost:3000",
    );
  });

  test("a secret's value never appears in the message", () => {
    const problems = problemsOf({ METRICS_TOKEN: "short-secret" });
    expect(problems).toEqual(["METRICS_TOKEN: must be at least 16 characters"]);
  });

  test("the secrets encryption key must be 32 bytes in base64", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(parseConfig({ SECRETS_ENCRYPTION_KEY: key }).SECRETS_ENCRYPTION_KEY).toBe(key);
    for (const bad of [Buffer.alloc(16, 7).toString("base64"), "not-a-key", `${key}AAAA`]) {
      expect(problemsOf({ SECRETS_ENCRYPTION_KEY: bad })).toEqual([
        "SECRETS_ENCRYPTION_KEY: must be 32 bytes in base64 (`openssl rand -base64 32`)",
      ]);
    }
  });

  test("every variable is documented", () => {
    for (const [name, schema] of Object.entries(configSchema.shape)) {
      expect(variableDocs.get(schema)?.description, name).toBeTruthy();
    }
  });
});
