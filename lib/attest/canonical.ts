import canonicalize from "canonicalize";

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

/*
 * `canonicalize` serializes every finite number, so 2^53 + 1 would be hashed as 2^53 without a
 * word. We walk the value first and refuse anything a JSON reader could not round-trip exactly:
 * numbers other than safe integers, bigint, functions, symbols, undefined inside arrays, and
 * non-plain objects such as Map (which would silently become `{}`). The path is a shared stack,
 * turned into text only on failure: this walk runs for every hash.
 */
const assertCanonicalizable = (value: unknown, path: TPath): void => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) return;
    fail(
      path,
      `number ${value} is not a safe integer (carry decimals and large values as strings)`,
    );
  }
  if (typeof value !== "object") fail(path, `${typeof value} is not JSON`);
  if (path.length > MAX_DEPTH) fail(path, "nesting too deep");
  const withToJson = value as { toJSON?: unknown };
  if (typeof withToJson.toJSON === "function") {
    path.push("toJSON()");
    assertCanonicalizable((withToJson.toJSON as () => unknown).call(value), path);
    path.pop();
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      if (value[i] === undefined) fail(path, "undefined is not JSON");
      assertCanonicalizable(value[i], path);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(value as object)) fail(path, "only plain objects can be canonicalized");
  for (const key in value as object) {
    const child = (value as Record<string, unknown>)[key];
    // An undefined property is absent in JSON, exactly as JSON.stringify treats it.
    if (child === undefined) continue;
    path.push(key);
    assertCanonicalizable(child, path);
    path.pop();
  }
};

/** RFC 8785 (JCS) canonical JSON of `value`; throws CanonicalJsonError rather than round. */
export const canonicalJson = (value: unknown): string => {
  assertCanonicalizable(value, []);
  try {
    const text = canonicalize(value);
    if (text === undefined) throw new Error("value has no JSON form");
    return text;
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw error;
    throw new CanonicalJsonError({ path: "$", message: (error as Error).message });
  }
};
