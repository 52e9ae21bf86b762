import { z } from "zod";

const earliest = Date.parse("0001-01-01T00:00:00Z");
/** The last millisecond both a Date and a PostgreSQL timestamptz write back as ISO 8601. */
export const latestTime = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * A time given by a client (ISO 8601 with an offset), within the years both JavaScript and
 * PostgreSQL read back as written: 1 to 9999, once in UTC.
 */
export const ZTimeInput = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= earliest && time <= latestTime;
}, "must fall between the years 1 and 9999 in UTC");
