import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { TOperation } from "@/lib/http/operation";
import { allOperations } from "@/lib/openapi/operations";
import { toolAnnotations } from "./annotations";
import type { TApiCall, TApiClient } from "./api-client";
import { toolDescriptions } from "./descriptions";
import { inputJsonSchema, outputJsonSchema } from "./json-schema";
import { pathSegments } from "./path-segments";
import { structuredOutputSchema } from "./structured-output";
import { toolError, toolResult } from "./tool-result";

export type TTool = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** What `structuredContent` holds on success (an object at the root, see structured-output). */
  outputSchema: Record<string, unknown>;
  annotations: ToolAnnotations;
  /** The API operations it calls (the first names its toolset): what its offer depends on. */
  operations: TOperation[];
  run: (
    args: Record<string, unknown>,
    api: TApiClient,
    progress: TProgress,
  ) => Promise<CallToolResult>;
};

/**
 * Reports a long tool's progress to the client, as `notifications/progress` when the call asked
 * for them (a `progressToken`), else nowhere. `progress` increases with every report.
 */
export type TProgress = (report: {
  progress: number;
  total?: number;
  message: string;
}) => Promise<void>;

/** `createAgent` → `create_agent`. */
export const toolNameOf = (operationId: string) =>
  operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const ZIdempotencyKey = z.string().min(1).max(255).meta({
  description:
    "Send the same key when retrying this call: the API runs it once and replays its answer.",
});

/**
 * One tool per API operation, from the operation's own schemas: path parameters and query
 * fields at the top level, the request body under `body`, and `idempotencyKey` on POSTs. The
 * call goes through the API's pipeline, so validation, scopes and limits are the API's.
 */
export function operationTool(operation: TOperation): TTool {
  const paramNames = Object.keys(operation.params?.shape ?? {});
  const queryNames = Object.keys(operation.query?.shape ?? {});
  const post = operation.method === "post";
  const input = z.object({
    ...(operation.params?.shape ?? {}),
    ...(operation.query?.shape ?? {}),
    ...(operation.body
      ? {
          body: operation.body.meta({
            description: `The JSON body of ${operation.method.toUpperCase()} ${operation.path}.`,
          }),
        }
      : {}),
    ...(post ? { idempotencyKey: ZIdempotencyKey.optional() } : {}),
  });
  return {
    name: toolNameOf(operation.operationId),
    description: toolDescriptions[operation.operationId] ?? operation.summary,
    inputSchema: inputJsonSchema(input),
    outputSchema: structuredOutputSchema(outputJsonSchema(operation.response)),
    annotations: toolAnnotations(operation),
    operations: [operation],
    run: async (args, api) => {
      let path = operation.path;
      for (const name of paramNames) {
        const checked = pathSegments({
          name,
          value: args[name],
          catchAll: operation.params?.shape[name] instanceof z.ZodArray,
        });
        if ("problem" in checked) return toolError("invalid_request", checked.problem, name);
        path = path.replace(`{${name}}`, checked.segments.map(encodeURIComponent).join("/"));
      }
      const query = Object.fromEntries(
        queryNames
          .filter((name) => args[name] !== undefined && args[name] !== null)
          .map((name) => [name, String(args[name])]),
      );
      const call: TApiCall = {
        method: operation.method.toUpperCase() as TApiCall["method"],
        path,
        query,
        body: operation.body ? (args.body ?? {}) : undefined,
        idempotencyKey: typeof args.idempotencyKey === "string" ? args.idempotencyKey : undefined,
      };
      return toolResult(await api(call));
    },
  };
}

export const operationTools = (): TTool[] =>
  allOperations.filter((operation) => !operation.notAnMcpTool).map(operationTool);
