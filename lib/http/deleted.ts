import { z } from "zod";

export const ZDeleted = z
  .object({ id: z.string(), deleted: z.literal(true), deletedAt: z.string() })
  .meta({ id: "Deleted" });
