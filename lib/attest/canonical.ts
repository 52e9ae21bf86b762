export class CanonicalJsonError extends Error {
  readonly path: string;

  constructor({ path, message }: { path: string; message: string }) {
    super(`${message} at ${path}`);
    this.name = "CanonicalJsonError";
    this.path = path;
  }
}

const MAX_DEPTH = 64;

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

type TPath = (string | number)[];

const pathText = (path: TPath) =>
  path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}.${key}`),
    "$",
  );

const fail = (path: TPath, message: string): never => {
  throw new CanonicalJsonError({ path: pathText(path), message });
};

/** In a `u` regular expression a surrogate pair is one code point, so only lone ones match. */
const loneSurrogate = /\p{Surrogate}/u;

/*
 * RFC 8785 (JCS) for the values a hash may cover, written in one walk that refuses anything a
 * JSON reader could not round-trip exactly: numbers other than safe integers (JCS would print
 * 2^53 + 1 as 2^53 without a word), bigint, functions, symbols, undefined inside arrays, lone
 * surrogates, and non-plain objects such as Map (which would silently become `{}`). Within that
 * domain JCS is JSON.stringify for each string and integer, and members sorted by UTF-16 code
 * units, which is what Array#sort does. The `canonicalize` package (the RFC's reference
 * implementation) agrees on every value a property test generates; it made three allocation-heavy
 * walks (a Set per key) where this makes one, and a verification hashes every evidence record
 * and the receipt body. The path is a shared stack, turned into text only on failure.
 */
const serialize = (value: unknown, path: TPath): string => {
  switch (typeof value) {
    case "string":
      if (loneSurrogate.test(value)) fail(path, "a lone surrogate is not allowed");
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (Number.isSafeInteger(value)) return String(value);
      return fail(
        path,
        `number ${value} is not a safe integer (carry decimals and large values as strings)`,
      );
    case "object":
      if (value === null) return "null";
      break;
    default:
      return fail(path, `${typeof value} is not JSON`);
  }
  if (path.length > MAX_DEPTH) fail(path, "nesting too deep");
  const withToJson = value as { toJSON?: unknown };
  if (typeof withToJson.toJSON === "function") {
    path.push("toJSON()");
    const text = serialize((withToJson.toJSON as () => unknown).call(value), path);
    path.pop();
    return text;
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      if (value[i] === undefined) fail(path, "undefined is not JSON");
      text += (i === 0 ? "" : ",") + serialize(value[i], path);
      path.pop();
    }
    return `${text}]`;
  }
  if (!isPlainObject(value)) fail(path, "only plain objects can be canonicalized");
  const record = value as Record<string, unknown>;
  let text = "{";
  for (const key of Object.keys(record).sort()) {
    const child = record[key];
    // An undefined property is absent in JSON, exactly as JSON.stringify treats it.
    if (child === undefined) continue;
    path.push(key);
    if (loneSurrogate.test(key)) fail(path, "a lone surrogate is not allowed");
    text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${serialize(child, path)}`;
    path.pop();
  }
  return `${text}}`;
};

/** RFC 8785 (JCS) canonical JSON of `value`; throws CanonicalJsonError rather than round. */
export const canonicalJson = (value: unknown): string => serialize(value, []);
