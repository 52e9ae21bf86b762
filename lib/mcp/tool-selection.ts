import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { invalid } from "@/lib/http/api-error";
import { JsonRpcRefusal } from "./json-rpc-refusal";
import type { TTool } from "./operation-tools";
import { permits } from "./permits";
import { toolsetOf, toolsets } from "./toolsets";

/** Which tools a connection offers. */
export type TToolSelection = {
  environment: TEnvironment;
  /** The caller, when it sent a working credential: tools it may not call are not offered. */
  auth?: TAuthContext;
  /** The toolsets the client chose; every one when undefined. */
  toolsets?: ReadonlySet<string>;
  /** Only the tools that change nothing. */
  readOnly: boolean;
};

/** `1` or `true` turns read-only mode on. */
const isOn = (value: string | null | undefined) => value === "1" || value === "true";

/** The toolsets of a comma-separated list (undefined: all); an unknown one is refused. */
export function chosenToolsets(listed: string | null | undefined): Set<string> | undefined {
  const chosen = listed
    ?.split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen?.find((name) => !toolsets.includes(name));
  if (unknown !== undefined) {
    const message = `No toolset named ${unknown}; the toolsets are ${toolsets.join(", ")}.`;
    throw new JsonRpcRefusal(ErrorCode.InvalidRequest, invalid(message, "toolsets"));
  }
  return chosen && new Set(chosen);
}

/**
 * What the client chose on the MCP URL (`?toolsets=agents,receipts&readonly=1`) or in headers
 * (`X-MCP-Toolsets`, `X-MCP-Readonly`), as GitHub's MCP server takes them.
 */
export function requestedSelection({
  request,
  environment,
  auth,
}: {
  request: Request;
  environment: TEnvironment;
  auth: TAuthContext | undefined;
}): TToolSelection {
  const query = new URL(request.url).searchParams;
  return {
    environment,
    auth,
    toolsets: chosenToolsets(query.get("toolsets") ?? request.headers.get("x-mcp-toolsets")),
    readOnly: isOn(query.get("readonly") ?? request.headers.get("x-mcp-readonly")),
  };
}

/**
 * Whether a connection offers a tool: every operation it calls answers in the environment (no
 * wallet funding in production) and is within the credential's scopes, the tool changes nothing
 * when read-only was asked, and its toolset was chosen.
 */
export const offers = (selection: TToolSelection) => (tool: TTool) =>
  tool.operations.every(
    (operation) =>
      (selection.environment === "sandbox" || !operation.sandboxOnly) &&
      (!selection.auth || permits(selection.auth, operation)),
  ) &&
  (!selection.readOnly || tool.annotations.readOnlyHint === true) &&
  (!selection.toolsets || selection.toolsets.has(toolsetOf(tool.operations[0]!)));
