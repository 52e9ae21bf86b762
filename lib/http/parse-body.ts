import { z } from "zod";
import { invalid } from "./api-error";

/** The parsed JSON body checked by the schema; a body that is no object at all names `body`. */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (issue && issue.path.length === 0 && issue.code === "invalid_type") {
    throw invalid(`The request body must be a JSON object: ${issue.message}`, "body");
  }
  throw result.error;
}

const ZNoBody = z.strictObject({});

/**
 * The body of an operation that takes none: absent, or `{}` (read as the same by readJsonBody).
 * Anything else is refused like a bad body of any other operation, and nothing is returned.
 */
export function parseNoBody(value: unknown): undefined {
  if (value !== undefined) parseBody(ZNoBody, value);
  return undefined;
}
