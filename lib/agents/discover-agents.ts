import { and, arrayContains, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { decodeRankCursor, encodeRankCursor } from "./discover-cursor";
import type { ZDiscoverAgentsQuery } from "./schemas";

const document = sql`to_tsvector('simple', ${agents.name} || ' ' || coalesce(${agents.description}, ''))`;

/**
 * Discoverable active agents of every organization in one environment, best match first:
 * text rank on name and description, then the newest. The cursor is the last row's place in
 * that order (float8, so the score round-trips through JSON exactly), so agents registered
 * while a client pages never make a page repeat or skip one.
 */
export async function discoverAgents({
  environment,
  query,
}: {
  environment: TEnvironment;
  query: z.output<typeof ZDiscoverAgentsQuery>;
}) {
  const position = query.cursor ? decodeRankCursor(query.cursor) : undefined;
  const search = query.q ? sql`plainto_tsquery('simple', ${query.q})` : undefined;
  const score = search ? sql`ts_rank(${document}, ${search})::float8` : sql`0::float8`;
  const rows = await db
    .select({
      id: agents.id,
      name: agents.name,
      description: agents.description,
      capabilities: agents.capabilities,
      endpointUrl: agents.endpointUrl,
      score: score.mapWith(Number),
      createdAt: agents.createdAt,
    })
    .from(agents)
    .where(
      and(
        eq(agents.environment, environment),
        eq(agents.discoverable, true),
        eq(agents.status, "active"),
        isNull(agents.deletedAt),
        query.capability ? arrayContains(agents.capabilities, [query.capability]) : undefined,
        search ? sql`${document} @@ ${search}` : undefined,
        position
          ? sql`(${score}, ${agents.createdAt}, ${agents.id}) < (${position.score}::float8, ${position.createdAt.toISOString()}::timestamptz, ${position.id})`
          : undefined,
      ),
    )
    .orderBy(desc(score), desc(agents.createdAt), desc(agents.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(({ createdAt: _createdAt, ...agent }) => ({
      ...agent,
      score: Math.round(agent.score * 1e6) / 1e6,
    })),
    cursor: hasMore && last ? encodeRankCursor(last) : null,
    hasMore,
  };
}
