import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { preparedQuery } from "@/db/client";
import { agents } from "@/db/schema";
import {
  afterCursorPlaceholder,
  keysetPlaceholderValues,
  newestFirst,
  toPage,
} from "@/lib/http/pagination";
import { presentAgent } from "./present-agent";
import type { ZListAgentsQuery } from "./schemas";
import { ownedAgents, type Tenant } from "./scope";

type Filters = { after: boolean; capability: boolean; status: boolean };

/** The list query for one combination of filters, prepared once with every value a placeholder. */
const listQuery = (filters: Filters) => {
  const name = `agents_list_${Number(filters.after)}${Number(filters.capability)}${Number(filters.status)}`;
  return preparedQuery(name, (db) =>
    db
      .select()
      .from(agents)
      .where(
        and(
          ownedAgents({
            organizationId: sql.placeholder("organizationId"),
            environment: sql.placeholder("environment"),
          }),
          filters.capability
            ? sql`${agents.capabilities} @> array[${sql.placeholder("capability")}]::text[]`
            : undefined,
          filters.status ? eq(agents.status, sql.placeholder("status")) : undefined,
          filters.after ? afterCursorPlaceholder(agents) : undefined,
        ),
      )
      .orderBy(...newestFirst(agents))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
};

export async function listAgents({
  tenant,
  query,
}: {
  tenant: Tenant;
  query: z.output<typeof ZListAgentsQuery>;
}) {
  const rows = await listQuery({
    after: query.cursor !== undefined,
    capability: query.capability !== undefined,
    status: query.status !== undefined,
  }).execute({
    organizationId: tenant.organizationId,
    environment: tenant.environment,
    capability: query.capability,
    status: query.status,
    limit: query.limit + 1,
    ...(query.cursor === undefined ? {} : keysetPlaceholderValues(query.cursor)),
  });
  return toPage(rows, query.limit, presentAgent);
}
