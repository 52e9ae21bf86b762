import type { z } from "zod";
import { statementSql } from "@/db/client";
import { isoTimeSql } from "@/db/iso-time-sql";
import { containing } from "@/lib/http/like-pattern";
import { decodeCursor, type TSerializedRow, toSerializedPage } from "@/lib/http/pagination";
import type { TAgent, ZListAgentsQuery } from "./schemas";
import type { Tenant } from "./visibility";

/** presentAgent's fields in its order, as PostgreSQL names and renders them. */
const agentFields = `id, name, description, capabilities, endpoint_url as "endpointUrl", metadata,
  status, discoverable,
  case when mandate is null then null
    else mandate || jsonb_build_object('version', mandate_version, 'hash', mandate_hash,
      'signedBy', case when mandate_signature is null then null else jsonb_build_object(
        'agentId', mandate_signature->>'signerAgentId', 'keyId', mandate_signature->>'keyId') end)
    end as mandate,
  ${isoTimeSql("created_at")} as "createdAt", ${isoTimeSql("updated_at")} as "updatedAt"`;

/**
 * The API's hottest read. PostgreSQL renders each agent as presentAgent would and the page is
 * sent as text: parsing rows, mapping them through drizzle and serializing them again would be
 * most of the route's CPU. `tests/api/agents.test.ts` checks every listed agent against its
 * `GET /v1/agents/:id` body. Each filter combination is its own prepared statement.
 */
export async function listAgents({
  tenant,
  query,
}: {
  tenant: Tenant;
  query: z.output<typeof ZListAgentsQuery>;
}) {
  const sql = statementSql();
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const rows = await sql<TSerializedRow[]>`
    select row_to_json(agent)::text as json, agent.id, agent."createdAt"
    from (
      select ${sql.unsafe(agentFields)}
      from agents
      where organization_id = ${tenant.organizationId}
        and environment = ${tenant.environment}
        and deleted_at is null
        ${query.capability === undefined ? sql`` : sql`and capabilities @> array[${query.capability}]::text[]`}
        ${query.status === undefined ? sql`` : sql`and status = ${query.status}`}
        ${query.q === undefined ? sql`` : sql`and (name ilike ${containing(query.q)} or description ilike ${containing(query.q)})`}
        ${after === undefined ? sql`` : sql`and (created_at, id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`}
      order by created_at desc, id desc
      limit ${query.limit + 1}
    ) agent`;
  return toSerializedPage<TAgent>(rows, query.limit);
}
