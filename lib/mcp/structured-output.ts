type TJson = Record<string, unknown>;

const isObject = (value: unknown): value is TJson =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * MCP requires an object at the root of `outputSchema` and `structuredContent`: an answer that
 * is not an object (a log tile's base64 string) is wrapped as `{ "result": <answer> }`, and its
 * schema the same way. Object answers pass as they are.
 */
export const structuredOutputSchema = (schema: TJson): TJson =>
  schema.type === "object"
    ? schema
    : { type: "object", properties: { result: schema }, required: ["result"] };

/** The structured content of an answer, wrapped like its schema by `structuredOutputSchema`. */
export const structuredContentOf = (body: unknown): TJson =>
  isObject(body) ? body : { result: body ?? null };
