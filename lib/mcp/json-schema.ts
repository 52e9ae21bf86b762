import { z } from "zod";

type TJson = { [key: string]: unknown };

/** Replaces `$ref`s into `$defs` by their definitions: some MCP clients do not follow refs. */
function inline(node: unknown, defs: TJson): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, defs));
  if (typeof node !== "object" || node === null) return node;
  const { $ref, ...rest } = node as TJson;
  if (typeof $ref === "string" && $ref.startsWith("#/$defs/")) {
    return inline({ ...(defs[$ref.slice("#/$defs/".length)] as TJson), ...rest }, defs);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, defs)]));
}

/** The JSON Schema of `schema`, inlined: what a client sends (input) or what it receives (output). */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): TJson {
  const {
    $defs = {},
    $schema: _,
    ...root
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as TJson;
  return inline(root, $defs as TJson) as TJson;
}

/** The JSON Schema of what a client sends (the input side of transforms), inlined. */
export const inputJsonSchema = (schema: z.ZodType) => jsonSchemaOf(schema, "input");

/** The JSON Schema of what a client receives (the output side of transforms), inlined. */
export const outputJsonSchema = (schema: z.ZodType) => jsonSchemaOf(schema, "output");
