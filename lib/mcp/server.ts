import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { TApiClient } from "./api-client";
import { compositeTools } from "./composite-tools";
import { withInvalidParams } from "./invalid-params";
import { operationTools, type TProgress, type TTool } from "./operation-tools";
import { getPrompt, listedPrompt, offeredPrompts } from "./prompts";
import { ProtocolError } from "./protocol-error";
import {
  docSearchTemplate,
  docSectionTemplate,
  docsIndexResource,
  openApiResource,
  readResource,
  receiptTemplate,
} from "./resources";
import { offers, type TToolSelection } from "./tool-selection";

const instructions =
  "Agent Settlement Service: register agents, negotiate multi-party deals, settle them on a payment rail and verify the receipt of every settlement. Typical flow: create_agent (payer and payee) → create_negotiation → respond_to_negotiation (accept) → settle → verify_receipt. Errors come back as tool errors with the API's error code. The guides are resources: docs://index lists their sections, docs://search?q=<words> finds the relevant ones.";

// Built once per process: the tools follow from the operations, which never change at run time.
// A composite tool of an operation's name (verify_receipt) stands in for that operation's tool.
let tools: TTool[] | undefined;
const allTools = (): TTool[] => {
  if (!tools) {
    const composite = compositeTools();
    const replaced = new Set(composite.map((tool) => tool.name));
    tools = [...operationTools().filter((tool) => !replaced.has(tool.name)), ...composite];
  }
  return tools;
};

/**
 * An MCP server whose every tool and resource calls the API through `api`, offering the tools
 * of `selection` (a tool it does not offer is unknown), and `localTools` that only the process
 * running it can serve (the stdio server's x402 payments, with the agent's own key).
 */
export function createMcpServer(
  api: TApiClient,
  selection: TToolSelection,
  localTools: TTool[] = [],
): Server {
  const offered = [...allTools(), ...localTools].filter(offers(selection));
  const prompts = offeredPrompts(new Set(offered.map((tool) => tool.name)));
  const server = new Server(
    { name: "agent-settlement-service", version: "1.0.0" },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: offered.map(({ name, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title: annotations.title,
      description,
      inputSchema: inputSchema as { type: "object" },
      outputSchema: outputSchema as { type: "object" },
      annotations,
    })),
  }));
  server.setRequestHandler(withInvalidParams(CallToolRequestSchema), async (request, extra) => {
    const tool = offered.find((candidate) => candidate.name === request.params.name);
    // An unknown tool is a protocol error (MCP tools, error handling); a failing call is a result.
    if (!tool)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `No tool named ${request.params.name} here; tools/list names the tools of this credential, environment and choice of toolsets.`,
      );
    const progressToken = request.params._meta?.progressToken;
    const progress: TProgress = async (report) => {
      if (progressToken === undefined) return;
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken, ...report },
      });
    };
    return tool.run(request.params.arguments ?? {}, api, progress);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [docsIndexResource, openApiResource],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [receiptTemplate, docSectionTemplate, docSearchTemplate],
  }));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: prompts.map(listedPrompt),
  }));
  server.setRequestHandler(withInvalidParams(GetPromptRequestSchema), async (request) =>
    getPrompt(prompts, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(withInvalidParams(ReadResourceRequestSchema), (request) =>
    readResource(request.params.uri, api),
  );
  return server;
}

export const toolNames = () => allTools().map((tool) => tool.name);
