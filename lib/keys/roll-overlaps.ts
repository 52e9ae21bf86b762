import { z } from "zod";

/** How long a rolled key's old secret keeps working, by name (shared by the CLI and console). */
export const rollOverlaps = {
  now: 0,
  "1h": 3_600_000,
  "24h": 86_400_000,
  "7d": 604_800_000,
} as const;
export const ZRollOverlap = z.enum(Object.keys(rollOverlaps) as [keyof typeof rollOverlaps]);
export type TRollOverlap = keyof typeof rollOverlaps;
