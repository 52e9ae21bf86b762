import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { remoteClient } from "@/lib/mcp/api-client";
import { createMcpServer } from "@/lib/mcp/server";
import { type TCliCommand, UsageError } from "../command";

export const mcp: TCliCommand = {
  path: ["mcp"],
  usage: "mcp --api-key <key> [--url <origin>]",
  summary: "serve the MCP tools over stdio, calling the API at --url with the key",
  database: false,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { "api-key": { type: "string" }, url: { type: "string" } },
    });
    const apiKey = values["api-key"];
    if (!apiKey) throw new UsageError("give --api-key <sk_test_… or sk_live_…>");
    const url = values.url ?? "http://127.0.0.1:3000";
    if (!URL.canParse(url)) throw new UsageError(`--url ${url} is not a URL`);
    const server = createMcpServer(remoteClient({ url, apiKey }));
    await server.connect(new StdioServerTransport());
    // Serves until the client closes stdin.
    await new Promise<void>((resolve) => process.stdin.once("close", resolve));
    return 0;
  },
};
