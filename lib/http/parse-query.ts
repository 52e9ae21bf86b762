import type { z } from "zod";
import { invalid } from "./api-error";
import { assertStorableText } from "./storable-text";

/**
 * The query string, one value a name, checked by the operation's schema. A repeated parameter,
 * or any parameter of an operation that declares none, is a 400 naming it.
 */
export function parseQuery(schema: z.ZodObject | undefined, url: URL) {
  const search = url.searchParams;
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (seen.has(name))
      throw invalid(`The query parameter '${name}' is given more than once.`, name);
    seen.add(name);
  }
  const values = Object.fromEntries(search);
  assertStorableText(values);
  if (schema) return schema.parse(values);
  const [unknown] = seen;
  if (unknown !== undefined) throw invalid(`Unknown parameter '${unknown}'.`, unknown);
  return undefined;
}
