import { eq } from "drizzle-orm";
import { settlements } from "@/db/schema";

/**
 * The settlements whose money counts as settled volume: executed and still standing. Reversed
 * and disputed ones are left out, so that the stats, the usage page and the overview agree.
 */
export const countsAsSettledVolume = eq(settlements.status, "executed");
