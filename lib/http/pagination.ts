import { and, type Column, desc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { invalid } from "./api-error";
import { SerializedJson } from "./serialized-json";
import { isStorableText } from "./storable-text";
import { latestTime } from "./time-input";

export const ZListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: "Page size, 1 to 100.", example: 20 }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The `cursor` of the previous page; omit for the first page." }),
});

export const listResponse = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      cursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
      hasMore: z.boolean(),
    })
    .meta({ id });

export type TPage<T> = { data: T[]; cursor: string | null; hasMore: boolean };

type TCursorPosition = { createdAt: Date; id: string };

export function encodeCursor(position: TCursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.getTime(), position.id])).toString(
    "base64url",
  );
}

/** The fields of a cursor this API encoded; a 400 for anything else. */
export function cursorFields(cursor: string): unknown[] {
  try {
    const fields: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(fields)) return fields;
  } catch {
    // answered below
  }
  throw notOurCursor();
}

export const notOurCursor = () => invalid("The cursor is not one this API returned.", "cursor");

/** A cursor's time field as a Date, if it is one this API could have written. */
export const cursorTime = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= latestTime
    ? new Date(value)
    : undefined;

/** A cursor's id field, if it is text PostgreSQL can compare. */
export const cursorId = (value: unknown) =>
  typeof value === "string" && isStorableText(value) ? value : undefined;

export function decodeCursor(cursor: string): TCursorPosition {
  const [time, id] = cursorFields(cursor);
  const createdAt = cursorTime(time);
  const position = cursorId(id);
  if (!createdAt || position === undefined) throw notOurCursor();
  return { createdAt, id: position };
}

type TKeysetColumns = { createdAt: Column; id: Column };

/**
 * Newest first, keyed on (createdAt, id): rows inserted between page reads are newer than any
 * cursor already handed out, so no page repeats or skips a row.
 */
export function keyset(
  columns: TKeysetColumns,
  cursor: string | undefined,
  where: (SQL | undefined)[],
) {
  const after = cursor ? afterPosition(columns, decodeCursor(cursor)) : undefined;
  return { where: and(...where, after), orderBy: newestFirst(columns) };
}

const newestFirst = (columns: TKeysetColumns) => [desc(columns.createdAt), desc(columns.id)];

const afterPosition = (columns: TKeysetColumns, position: TCursorPosition) =>
  sql`(${columns.createdAt}, ${columns.id}) < (${position.createdAt.toISOString()}::timestamptz, ${position.id})`;

/**
 * Rows were fetched with `limit + 1`; the extra row only says whether there is another page.
 * `next`: the row the next page's cursor points after, when there is a next page.
 */
function splitPage<Row>(rows: Row[], limit: number) {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  return { pageRows, hasMore, next: hasMore ? pageRows.at(-1) : undefined };
}

export function toPage<Row extends TCursorPosition, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
): TPage<Item> {
  const { pageRows, hasMore, next } = splitPage(rows, limit);
  return { data: pageRows.map(present), cursor: next ? encodeCursor(next) : null, hasMore };
}

/** A row PostgreSQL rendered as the API presents it, with its keyset position (ISO time). */
export type TSerializedRow = { json: string; id: string; createdAt: string };

/** toPage for rows rendered by PostgreSQL: the page is assembled as text, never parsed. */
export function toSerializedPage<Item>(
  rows: TSerializedRow[],
  limit: number,
): SerializedJson<TPage<Item>> {
  const { pageRows, hasMore, next } = splitPage(rows, limit);
  const cursor = next ? encodeCursor({ createdAt: new Date(next.createdAt), id: next.id }) : null;
  const data = pageRows.map((row) => row.json).join(",");
  return new SerializedJson(
    `{"data":[${data}],"cursor":${JSON.stringify(cursor)},"hasMore":${hasMore}}`,
  );
}
