import { randomUUID } from "node:crypto";
import { config } from "@/config";
import { basePaths, type TEnvironment } from "@/lib/environment";
import { internalCallHeader, internalCallToken, listeningPort } from "@/lib/http/internal-call";

/** One API request a tool makes, below the environment's base address. */
export type TApiCall = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
  /** An RFC 7240 preference, such as `wait=20`. */
  prefer?: string;
};

export type TApiAnswer = { status: number; body: unknown };

/** Sends a tool's request through the API, with the caller's credential. */
export type TApiClient = (call: TApiCall) => Promise<TApiAnswer>;

async function send(url: string, call: TApiCall, headers: Record<string, string>) {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const search = new URLSearchParams(call.query ?? {}).toString();
  const response = await fetch(`${url}${call.path}${search ? `?${search}` : ""}`, {
    method: call.method,
    headers: {
      ...headers,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(call.method === "POST" ? { "idempotency-key": call.idempotencyKey ?? randomUUID() } : {}),
      ...(call.prefer ? { prefer: call.prefer } : {}),
    },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("application/octet-stream")) {
    return {
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  }
  const text = await response.text();
  if (!type.startsWith("application/json")) return { status: response.status, body: text };
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Calls this very server for an MCP request that arrived here: the same pipeline as a client's
 * request (credential, scopes, rate limits, idempotency), with the client's own address, host
 * and protocol, which the request gate already vouched for.
 */
export function loopbackClient(request: Request, environment: TEnvironment): TApiClient {
  const base = `http://127.0.0.1:${listeningPort() ?? config().PORT}${basePaths[environment]}`;
  const forwarded = {
    authorization: request.headers.get("authorization"),
    "x-forwarded-for": request.headers.get("x-forwarded-for"),
    // The loopback request's own Host is this process; the client's is carried here.
    "x-forwarded-host": request.headers.get("x-forwarded-host") ?? request.headers.get("host"),
    "x-forwarded-proto": request.headers.get("x-forwarded-proto"),
  };
  const headers: Record<string, string> = { [internalCallHeader]: internalCallToken() };
  for (const [name, value] of Object.entries(forwarded)) if (value) headers[name] = value;
  return (call) => send(base, call, headers);
}

/** The environment an API key is for, by its prefix. */
export const keyEnvironment = (apiKey: string): TEnvironment =>
  apiKey.startsWith("sk_live_") ? "production" : "sandbox";

/** Calls a deployment over the network (the stdio server): the key's prefix picks the environment. */
export function remoteClient({ url, apiKey }: { url: string; apiKey: string }): TApiClient {
  const environment = keyEnvironment(apiKey);
  const base = `${url.replace(/\/$/, "")}${basePaths[environment]}`;
  return (call) => send(base, call, { authorization: `Bearer ${apiKey}` });
}
