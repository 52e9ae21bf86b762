import { type Column, gt, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ZTimeInput } from "./time-input";

/**
 * The creation-time filter of every list: both bounds are exclusive, so `createdAfter=T` and
 * `createdBefore=T` never both match a row created at T, and consecutive windows never overlap.
 */
export const ZCreatedRange = z.object({
  createdAfter: ZTimeInput.optional().meta({
    description: "Only items created strictly after this time (ISO 8601).",
  }),
  createdBefore: ZTimeInput.optional().meta({
    description: "Only items created strictly before this time (ISO 8601).",
  }),
});

export type TCreatedRange = z.output<typeof ZCreatedRange>;

/** The SQL conditions of a creation-time filter on `column`. */
export function createdRange(column: Column, range: TCreatedRange): (SQL | undefined)[] {
  return [
    range.createdAfter ? gt(column, new Date(range.createdAfter)) : undefined,
    range.createdBefore ? lt(column, new Date(range.createdBefore)) : undefined,
  ];
}
