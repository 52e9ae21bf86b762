import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Command } from "commander";
import { keyEnvironment, remoteClient } from "@/lib/mcp/api-client";
import { createMcpServer } from "@/lib/mcp/server";
import { chosenToolsets } from "@/lib/mcp/tool-selection";
import { toolsets } from "@/lib/mcp/toolsets";
import { readAgentKeyFile } from "../agent-key-file";
import { parseUrl } from "../parse-url";
import { x402PayTool } from "../x402-pay-tool";

export const mcp = (program: Command) =>
  program
    .command("mcp")
    .description(
      "serve the MCP tools over stdio, calling the API at --url with the key (stdout is JSON-RPC)",
    )
    .requiredOption("--api-key <key>", "sk_test_… or sk_live_…")
    .option("--url <origin>", "the API's origin", parseUrl, "http://127.0.0.1:3000")
    .option("--toolsets <names>", `only these toolsets, comma separated: ${toolsets.join(", ")}`)
    .option("--readonly", "only the tools that change nothing")
    .option(
      "--agent-key-file <path>",
      "a paying agent's private key, a JSON file {agentId, keyId, privateJwk}: adds the pay_x402_url tool",
    )
    .action(
      async (options: {
        apiKey: string;
        url: string;
        toolsets?: string;
        readonly?: boolean;
        agentKeyFile?: string;
      }) => {
        const environment = keyEnvironment(options.apiKey);
        const payer = options.agentKeyFile
          ? await readAgentKeyFile(options.agentKeyFile)
          : undefined;
        // The key's scopes are the deployment's to check: every tool of its environment is offered.
        const server = createMcpServer(
          remoteClient(options),
          {
            environment,
            toolsets: chosenToolsets(options.toolsets),
            readOnly: options.readonly === true,
          },
          payer ? [x402PayTool({ ...payer, environment })] : [],
        );
        await server.connect(new StdioServerTransport());
        // Serves until the client closes stdin.
        await new Promise<void>((resolve) => process.stdin.once("close", resolve));
      },
    );
