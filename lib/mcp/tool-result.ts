import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TApiAnswer } from "./api-client";

type TEnvelope = { error: { code: string; message: string; param?: string } };

const isEnvelope = (body: unknown): body is TEnvelope =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as TEnvelope).error?.code === "string" &&
  typeof (body as TEnvelope).error?.message === "string";

/** An API answer as a tool result: the JSON on success, a tool error carrying the envelope otherwise. */
export function toolResult(answer: TApiAnswer): CallToolResult {
  if (answer.status < 400) {
    const structured =
      typeof answer.body === "object" && answer.body !== null && !Array.isArray(answer.body)
        ? { structuredContent: answer.body as Record<string, unknown> }
        : {};
    const text =
      typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null, null, 2);
    return { content: [{ type: "text", text }], ...structured };
  }
  const error = isEnvelope(answer.body)
    ? answer.body.error
    : { code: "api_error", message: `The API answered ${answer.status}.` };
  return {
    isError: true,
    content: [
      {
        type: "text",
        text: `${error.code}: ${error.message}${error.param ? ` (param: ${error.param})` : ""}`,
      },
    ],
    structuredContent: { error },
  };
}

/** A tool error that did not come from the API (bad tool arguments). */
export const toolError = (code: string, message: string, param?: string): CallToolResult =>
  toolResult({ status: 400, body: { error: { code, message, ...(param ? { param } : {}) } } });
