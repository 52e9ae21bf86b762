import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** A LIKE pattern matching text that contains `text` as it is (`%`, `_` and `\` literal). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** `column` starts with `text`, taken as it is (no pattern characters to escape). */
export const startsWith = (column: AnyColumn, text: string): SQL =>
  sql`left(${column}, ${text.length}) = ${text}`;
