import fc from "fast-check";
import { z } from "zod";
import { type TOperation, takesBody } from "@/lib/http/operation";
import type { TValidRequest } from "./fixtures";

/** One request that the operation must refuse with a 4xx, and the field at fault if any. */
export type TBadRequest = {
  what: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** A JSON value, or raw bytes sent as they are. */
  body?: unknown;
  raw?: { bytes: Uint8Array | string; contentType: string };
  /** The field the answer's `param` must name (its first segment), when one is at fault. */
  field?: string;
};

const SEED = 20261124;
const tooLong = (max: number | undefined) => "x".repeat(Math.min((max ?? 10_000) + 1, 200_000));
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

/** Values of the wrong kind, at the edges, and random JSON (fast-check, fixed seed). */
function junkValues(property: Record<string, unknown> | undefined): [string, unknown][] {
  const values: [string, unknown][] = [
    ["null", null],
    ["a number", 12345],
    ["a string", "text"],
    ["a boolean", true],
    ["an array", []],
    ["an object", {}],
    ["too long a string", tooLong(property?.maxLength as number | undefined)],
    [
      "too many items",
      Array.from({ length: ((property?.maxItems as number) ?? 1000) + 1 }, () => "x"),
    ],
    ["a number out of range", 1e308],
    ["a negative number", -1],
    ["a fraction", 0.5],
    ["deep nesting", nested(200)],
    ["a NUL character", "a\u0000b"],
  ];
  const random = fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: SEED, numRuns: 6 });
  return [
    ...values,
    ...random.map((value, index) => [`random JSON #${index}`, value] as [string, unknown]),
  ];
}

type TJsonSchemaObject = {
  $ref?: string;
  $defs?: Record<string, TJsonSchemaObject>;
  properties?: Record<string, Record<string, unknown>>;
};

export function propertiesOf(schema: z.ZodType): Record<string, Record<string, unknown>> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as TJsonSchemaObject;
  // A schema with a `meta({ id })` is a reference into its own $defs.
  const named = json.$ref?.replace("#/$defs/", "");
  return (named ? json.$defs?.[named]?.properties : json.properties) ?? {};
}

const refused = (schema: z.ZodType | undefined, value: unknown) =>
  schema !== undefined && !schema.safeParse(value).success;

/**
 * Every bad variant of a valid request: each body field missing, of the wrong kind or out of
 * range, an unknown field, bodies that are not JSON objects, bad query values and unknown query
 * parameters, malformed path ids. Only variants the operation's own schemas refuse are kept,
 * so each must be answered 400 naming the field (path ids may also be 404).
 */
export function badRequests(operation: TOperation, valid: TValidRequest): TBadRequest[] {
  const params = valid.params ?? {};
  const query = valid.query ?? {};
  const bad: TBadRequest[] = [];
  // An operation without a body schema takes none, or `{}`: its bodies are checked all the same.
  if (takesBody(operation)) {
    const body = (valid.body ?? {}) as Record<string, unknown>;
    const properties = operation.body ? propertiesOf(operation.body) : {};
    for (const name of Object.keys(properties)) {
      const without = { ...body };
      delete without[name];
      if (refused(operation.body, without))
        bad.push({ what: `body without ${name}`, params, query, body: without, field: name });
      for (const [kind, value] of junkValues(properties[name])) {
        const changed = { ...body, [name]: value };
        if (refused(operation.body, changed))
          bad.push({ what: `body ${name} as ${kind}`, params, query, body: changed, field: name });
      }
    }
    bad.push({
      what: "an unknown body field",
      params,
      query,
      body: { ...body, zzUnknown: 1 },
      field: "zzUnknown",
    });
    for (const [what, value] of [
      ["a JSON array", []],
      ["JSON null", null],
      ["a JSON string", "x"],
    ] as const) {
      bad.push({ what: `a body that is ${what}`, params, query, body: value });
    }
    const raws: [string, Uint8Array | string, string][] = [
      ["invalid JSON", '{"name": ', "application/json"],
      [
        "bytes that are not UTF-8",
        new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        "application/json",
      ],
      ["a form instead of JSON", "name=x", "application/x-www-form-urlencoded"],
      [
        "JSON nested 100,000 deep",
        `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
        "application/json",
      ],
    ];
    for (const [what, bytes, contentType] of raws) {
      bad.push({ what: `a body of ${what}`, params, query, raw: { bytes, contentType } });
    }
  }
  if (operation.query) {
    const properties = propertiesOf(operation.query);
    for (const name of Object.keys(properties)) {
      for (const value of ["", "-1", "1e999", "0.5", "abc", tooLong(1000), "\u0000", "[]"]) {
        const changed = { ...query, [name]: value };
        if (refused(operation.query, changed))
          bad.push({
            what: `query ${name}=${value.slice(0, 12)}`,
            params,
            query: changed,
            field: name,
          });
      }
    }
    // Cursors the schema takes as text but no page could have ended on.
    if (properties.cursor) {
      for (const [what, fields] of [
        ["a time no date holds", [1e20, "x"]],
        ["a time before any row", [-1e15, "x"]],
        ["an id with a NUL", [0, "a\u0000"]],
        ["a ranking's time no date holds", [1, 1e20, "x"]],
      ] as const) {
        const cursor = Buffer.from(JSON.stringify(fields)).toString("base64url");
        bad.push({
          what: `a cursor of ${what}`,
          params,
          query: { ...query, cursor },
          field: "cursor",
        });
      }
    }
    bad.push({
      what: "an unknown query parameter",
      params,
      query: { ...query, zzUnknown: "1" },
      field: "zzUnknown",
    });
  }
  for (const name of Object.keys(params)) {
    for (const value of ["\u0000", "x".repeat(300), "é", "../..", `${params[name]}x`, " "]) {
      bad.push({
        what: `path ${name} as ${JSON.stringify(value.slice(0, 12))}`,
        params: { ...params, [name]: value },
        query,
        body: valid.body,
      });
    }
  }
  return bad;
}
