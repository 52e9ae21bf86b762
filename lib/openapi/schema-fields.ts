import { resolveSchema as resolve, type TComponents, type TJsonSchema } from "./json-schema";

export type TSchemaField = { name: string; type: string; required: boolean; description: string };

function typeName(schema: TJsonSchema, components: TComponents): string {
  if (schema.$ref) return schema.$ref.split("/").at(-1) ?? "object";
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeName(variant, components)).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.type === "array" && schema.items) return `${typeName(schema.items, components)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
}

function constraints(schema: TJsonSchema): string {
  const parts = [
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : undefined,
    schema.minimum !== undefined ? `min ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `max ${schema.maximum}` : undefined,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** The top-level fields of an object schema, for the reference page's tables. */
export function schemaFields(
  schema: TJsonSchema | undefined,
  components: TComponents,
): TSchemaField[] {
  if (!schema) return [];
  const resolved = resolve(schema, components);
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties ?? {}).map(([name, property]) => {
    const target = resolve(property, components);
    return {
      name,
      type: typeName(property, components),
      required: required.has(name),
      description: `${property.description ?? target.description ?? ""}${constraints(target)}`,
    };
  });
}
