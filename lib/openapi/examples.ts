import { resolveSchema as resolve, type TComponents, type TJsonSchema } from "./json-schema";

const exampleTime = "2026-11-22T18:30:00.000Z";
const exampleHash = `0x${"3f".repeat(32)}`;

const hasOwnExample = (schema: TJsonSchema, components: TComponents) => {
  const resolved = resolve(schema, components);
  return resolved.example !== undefined || resolved.examples !== undefined;
};

const scalarExample = (schema: TJsonSchema, type: string | undefined): unknown => {
  if (type === "string") {
    if (schema.format === "date-time" || schema.pattern?.includes("\\d{4}-")) return exampleTime;
    if (schema.pattern === "^0x[0-9a-f]{64}$") return exampleHash;
    return "string";
  }
  if (type === "integer" || type === "number") return Math.max(1, schema.minimum ?? 1);
  if (type === "boolean") return true;
  return null;
};

/**
 * An example value of a JSON schema, from the examples its fields declare. `requestShape` keeps
 * only required members and those with an example of their own, as a minimal request would.
 */
export function exampleOf(
  schema: TJsonSchema,
  components: TComponents,
  requestShape = false,
): unknown {
  const resolved = resolve(schema, components);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.examples?.length) return resolved.examples[0];
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) {
    const chosen =
      variants.find((variant) => resolve(variant, components).type !== "null") ?? variants[0]!;
    return exampleOf(chosen, components, requestShape);
  }
  const type = Array.isArray(resolved.type)
    ? resolved.type.find((candidate) => candidate !== "null")
    : resolved.type;
  if (type === "object" || resolved.properties) {
    const required = new Set(resolved.required ?? []);
    return Object.fromEntries(
      Object.entries(resolved.properties ?? {})
        .filter(
          ([name, member]) =>
            !requestShape || required.has(name) || hasOwnExample(member, components),
        )
        .map(([name, member]) => [name, exampleOf(member, components, requestShape)]),
    );
  }
  if (type === "array") return [exampleOf(resolved.items ?? {}, components, requestShape)];
  return scalarExample(resolved, type);
}
