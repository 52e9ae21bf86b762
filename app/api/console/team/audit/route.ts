import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";
import { listAuditEntries } from "@/lib/team/list-audit-entries";
import { ZAuditQuery } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/team/audit - one page of who changed what, newest first
  GET: handleConsole({ query: ZAuditQuery }, ({ organizationId, query }) =>
    listAuditEntries({ organizationId, query }),
  ),
});
