import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TApiAnswer } from "./api-client";
import { structuredContentOf } from "./structured-output";

type TEnvelope = { error: { code: string; message: string; param?: string } };

const isEnvelope = (body: unknown): body is TEnvelope =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as TEnvelope).error?.code === "string" &&
  typeof (body as TEnvelope).error?.message === "string";

/**
 * An API answer as a tool result: on success the JSON as text and as structured content (which
 * the tool's outputSchema describes); otherwise a tool error whose texts are the error in one
 * line and the API's envelope as JSON. An error has no structured content: clients check
 * structured content against the outputSchema, which describes success.
 */
export function toolResult(answer: TApiAnswer): CallToolResult {
  if (answer.status < 400) {
    const text =
      typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null, null, 2);
    return {
      content: [{ type: "text", text }],
      structuredContent: structuredContentOf(answer.body),
    };
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
      { type: "text", text: JSON.stringify({ error }) },
    ],
  };
}

/** A tool error that did not come from the API (bad tool arguments). */
export const toolError = (code: string, message: string, param?: string): CallToolResult =>
  toolResult({ status: 400, body: { error: { code, message, ...(param ? { param } : {}) } } });
