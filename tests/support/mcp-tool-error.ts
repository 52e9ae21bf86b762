type TToolResult = { isError?: boolean; content?: { type: string; text?: string }[] };

/** The API's error object a failed tool call carries as JSON in its second text. */
export function toolErrorOf(result: unknown): Record<string, unknown> | undefined {
  const { isError, content = [] } = result as TToolResult;
  if (!isError) return undefined;
  const texts = content.filter((item) => item.type === "text");
  return (JSON.parse(texts[1]?.text ?? "{}") as { error?: Record<string, unknown> }).error;
}
