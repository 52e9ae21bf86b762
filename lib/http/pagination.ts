import { and, type Column, desc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { invalid } from "./api-error";

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

export type Page<T> = { data: T[]; cursor: string | null; hasMore: boolean };

type CursorPosition = { createdAt: Date; id: string };

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.getTime(), position.id])).toString(
    "base64url",
  );
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof time === "number" && Number.isFinite(time) && typeof id === "string") {
      return { createdAt: new Date(time), id };
    }
  } catch {
    // fall through to the error below
  }
  throw invalid("The cursor is not one this API returned.", "cursor");
}

type KeysetColumns = { createdAt: Column; id: Column };

/**
 * Newest first, keyed on (createdAt, id): rows inserted between page reads are newer than any
 * cursor already handed out, so no page repeats or skips a row.
 */
export function keyset(
  columns: KeysetColumns,
  cursor: string | undefined,
  where: (SQL | undefined)[],
) {
  const after = cursor ? afterPosition(columns, keysetPlaceholderValues(cursor)) : undefined;
  return { where: and(...where, after), orderBy: newestFirst(columns) };
}

export const newestFirst = (columns: KeysetColumns) => [desc(columns.createdAt), desc(columns.id)];

/** Rows after a cursor's position, with the position given as values or as placeholders. */
const afterPosition = (
  columns: KeysetColumns,
  { afterCreatedAt, afterId }: { afterCreatedAt: unknown; afterId: unknown },
) => sql`(${columns.createdAt}, ${columns.id}) < (${afterCreatedAt}::timestamptz, ${afterId})`;

/** A cursor's position as the values of keyset's condition (and of the placeholders below). */
export function keysetPlaceholderValues(cursor: string) {
  const position = decodeCursor(cursor);
  return { afterCreatedAt: position.createdAt.toISOString(), afterId: position.id };
}

/**
 * keyset's "after the cursor" condition for a prepared query, its position in the placeholders
 * `afterCreatedAt` and `afterId` (values from `keysetPlaceholderValues`).
 */
export const afterCursorPlaceholder = (columns: KeysetColumns) =>
  afterPosition(columns, {
    afterCreatedAt: sql.placeholder("afterCreatedAt"),
    afterId: sql.placeholder("afterId"),
  });

/** Rows were fetched with `limit + 1`; the extra row only says whether there is another page. */
export function toPage<Row extends CursorPosition, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
): Page<Item> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  return {
    data: pageRows.map(present),
    cursor: hasMore && last ? encodeCursor(last) : null,
    hasMore,
  };
}
