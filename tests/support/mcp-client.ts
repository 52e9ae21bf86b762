import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { inject } from "vitest";
import { randomClientAddress } from "./api";

/**
 * An MCP client over Streamable HTTP, as an LLM host connects, with `credential` and from a
 * client address of its own (unauthenticated MCP requests are limited per address). `query`
 * and `headers` go on every request (a choice of toolsets); `fetch` sees every HTTP request the
 * client sends.
 */
export async function connectMcp({
  credential,
  environment = "sandbox",
  query = "",
  headers = {},
  fetch: fetchFn,
}: {
  credential?: string;
  environment?: "sandbox" | "production";
  query?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
} = {}): Promise<Client> {
  const client = new Client({ name: "test-host", version: "1.0.0" });
  const path = environment === "sandbox" ? "/sandbox/mcp" : "/mcp";
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${inject("baseUrl")}${path}${query}`), {
      requestInit: {
        headers: {
          "x-forwarded-for": randomClientAddress(),
          ...(credential ? { authorization: `Bearer ${credential}` } : {}),
          ...headers,
        },
      },
      ...(fetchFn ? { fetch: fetchFn } : {}),
    }),
  );
  return client;
}

/**
 * The CLI's MCP server over stdio (`npm run cli -- mcp`), as a desktop host starts it, calling
 * the test server with `apiKey`; `options` are more of the command's options.
 */
export const stdioTransport = (apiKey: string, ...options: string[]) =>
  new StdioClientTransport({
    command: "node_modules/.bin/tsx",
    args: [
      "--tsconfig",
      "tsconfig.json",
      "cli/index.ts",
      "mcp",
      "--api-key",
      apiKey,
      "--url",
      inject("baseUrl"),
      ...options,
    ],
    stderr: "pipe",
  });
