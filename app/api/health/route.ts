import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/health - liveness: no authentication, no database
  GET: async () => Response.json({ status: "ok" }),
});
