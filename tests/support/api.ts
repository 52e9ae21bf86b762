import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import type { TEnvironment } from "@/lib/environment";

export type TApiResponse<T = any> = { status: number; body: T; headers: Headers };

const basePath = (environment: TEnvironment) => (environment === "sandbox" ? "/sandbox/v1" : "/v1");

/**
 * A random client address (the IPv6 documentation range), sent as X-Forwarded-For unless a test sets its own, so
 * unauthenticated requests of different tests never share a per-address rate-limit budget.
 */
export const randomClientAddress = () =>
  `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;

/** A tiny HTTP client for black-box tests: real requests to the running server. */
export async function call<T = any>(
  method: string,
  path: string,
  options: {
    key?: string;
    environment?: TEnvironment;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    /** Another server than the one the run started (e.g. a child process a test controls). */
    baseUrl?: string;
  } = {},
): Promise<TApiResponse<T>> {
  const headers: Record<string, string> = {
    "x-forwarded-for": randomClientAddress(),
    ...options.headers,
  };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const url = `${options.baseUrl ?? inject("baseUrl")}${path.startsWith("/v1") || path.startsWith("/api") || path.startsWith("/sandbox") || path.startsWith("/.well-known") ? "" : basePath(options.environment ?? "sandbox")}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Polls until `check` passes: for effects that cross process caches or background work. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw lastError;
}
