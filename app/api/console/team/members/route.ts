import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";
import { listMembers } from "@/lib/team/list-members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/team/members - everyone in the organization with their role
  GET: handleConsole({}, async ({ organizationId }) => ({
    data: await listMembers({ organizationId }),
  })),
});
