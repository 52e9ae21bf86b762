import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";
import { auditCsv } from "@/lib/team/audit-csv";
import { ZAuditFilters } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/team/audit/export - the entries the filters keep, newest first, as CSV
  GET: handleConsole({ query: ZAuditFilters }, async ({ organizationId, query }) => {
    const day = new Date().toISOString().slice(0, 10);
    return new Response(await auditCsv(organizationId, query), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`,
      },
    });
  }),
});
