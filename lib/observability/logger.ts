import pino, { type DestinationStream, type Logger } from "pino";
import { observabilitySettings } from "./settings";

/**
 * Every field that may hold a credential or secret, wherever it sits in a logged object: logs
 * must never carry them, even when an error or a request body ends up in one.
 */
const redacted = [
  "secret",
  "password",
  "token",
  "apiKey",
  "authorization",
  "signingSecret",
  "access_token",
  "privateKey",
].flatMap((name) => [name, `*.${name}`, `*.*.${name}`, `*.*.*.${name}`]);

const holder = globalThis as unknown as { __assLogger?: Logger };

/**
 * The process's one logger: JSON lines on stdout, one object per line (`level`, `time`, `msg`
 * and the fields given). Kept on globalThis because Next.js gives route bundles their own
 * module instances.
 */
export function logger(): Logger {
  holder.__assLogger ??= createLogger();
  return holder.__assLogger;
}

/** A logger with the service's format and redaction, on stdout or on `destination` (tests). */
export function createLogger(destination?: DestinationStream): Logger {
  const options = {
    level: observabilitySettings().LOG_LEVEL,
    base: { service: observabilitySettings().OTEL_SERVICE_NAME },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: redacted, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Shorthand used by server code instead of console.*. */
export const log = {
  info: (fields: object, message: string) => logger().info(fields, message),
  warn: (fields: object, message: string) => logger().warn(fields, message),
  error: (fields: object, message: string) => logger().error(fields, message),
};
