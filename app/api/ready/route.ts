import { routeMethods } from "@/lib/pipeline/handle";
import { checkReadiness } from "@/lib/readiness/check-readiness";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/ready - readiness: 503 naming each part that is not ready
  GET: async () => {
    const { ready, checks } = await checkReadiness();
    return Response.json(
      { status: ready ? "ready" : "not_ready", checks },
      { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
    );
  },
});
