import { invalid } from "./api-error";

// NUL, and UTF-16 code units that are not half of a surrogate pair: PostgreSQL's text and
// jsonb refuse both, so they are turned away before any work instead of failing a write.
const unstorableCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const unstorable = (text: string) => text.search(unstorableCharacter) !== -1;

/** Whether PostgreSQL can store `text` as text or jsonb. */
export const isStorableText = (text: string) => !unstorable(text);

/** The dotted path of the first string (value or object key) in `value` that cannot be stored. */
function firstUnstorable(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === "string") return unstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (unstorable(key)) return [...path, key];
      const found = firstUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses input holding text PostgreSQL cannot store, with a 400 naming the field (`root` names
 * the input as a whole: `body`, or nothing for query and path values, whose key is the field).
 */
export function assertStorableText(value: unknown, root?: string): void {
  const path = firstUnstorable(value, root ? [root] : []);
  if (!path) return;
  const param = (root === "body" ? path.slice(1) : path).join(".") || root;
  throw invalid(
    "The value contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored.",
    param,
  );
}

/**
 * `value` as an id to look up, when it can be one: a string of 1 to 64 characters that PostgreSQL
 * can store (a JWS header's `kid`, say); undefined otherwise, so no lookup sends it to the database.
 */
export const storableId = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= 64 && isStorableText(value)
    ? value
    : undefined;

const escapeUnstorable = (text: string) =>
  text.replace(
    unstorableCharacter,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/**
 * A copy of JSON `value` that PostgreSQL can store as jsonb: each NUL or unpaired surrogate in a
 * string or object key is written out as its `\uXXXX` escape text (for what the service stores
 * about a request it refused, such as an error envelope naming the unstorable field).
 */
export function storableCopy(value: unknown): unknown {
  if (typeof value === "string") return escapeUnstorable(value);
  if (Array.isArray(value)) return value.map(storableCopy);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [escapeUnstorable(key), storableCopy(item)]),
    );
  }
  return value;
}
