/** The members of the generated JSON schemas that the reference and the examples read. */
export type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  pattern?: string;
  format?: string;
};

export type TComponents = Record<string, TJsonSchema>;

/** The schema a `$ref` points to among the document's components (followed to the end). */
export function resolveSchema(schema: TJsonSchema, components: TComponents): TJsonSchema {
  if (!schema.$ref) return schema;
  return resolveSchema(components[schema.$ref.split("/").at(-1) ?? ""] ?? {}, components);
}
