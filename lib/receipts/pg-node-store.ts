import { and, eq, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { attestLogNodes } from "@/db/schema";
import type { TNodeStore } from "@/lib/attest";

/** The Merkle log's node store in PostgreSQL: one batched read per call, insert-only writes. */
export const pgNodeStore = (executor: TExecutor, logId: string): TNodeStore => ({
  get: async (keys) => {
    if (keys.length === 0) return [];
    const wanted = sql.join(
      keys.map((key) => sql`(${key.level}::smallint, ${key.index}::bigint)`),
      sql`, `,
    );
    const rows = await executor
      .select({ level: attestLogNodes.level, idx: attestLogNodes.idx, hash: attestLogNodes.hash })
      .from(attestLogNodes)
      .where(
        and(
          eq(attestLogNodes.logId, logId),
          sql`(${attestLogNodes.level}, ${attestLogNodes.idx}) in (${wanted})`,
        ),
      );
    const found = new Map(rows.map((row) => [`${row.level}:${row.idx}`, row.hash]));
    return keys.map((key) => found.get(`${key.level}:${key.index}`));
  },
  put: async (nodes) => {
    if (nodes.length === 0) return;
    await executor.insert(attestLogNodes).values(
      nodes.map((node) => ({
        logId,
        level: node.level,
        idx: node.index,
        hash: Buffer.from(node.hash),
      })),
    );
  },
});
