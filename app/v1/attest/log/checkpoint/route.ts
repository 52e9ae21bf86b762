import { latestHead } from "@/lib/attest-log/latest-head";
import { getCheckpointOperation } from "@/lib/attest-log/operations";
import { presentCheckpoint } from "@/lib/attest-log/present-checkpoint";
import { handle, routeMethods } from "@/lib/pipeline/handle";

const cacheControl = "public, max-age=5";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /v1/attest/log/checkpoint - the latest signed tree head, as a signed note or JSON
    GET: handle(getCheckpointOperation, async ({ request, environment }) => {
      const checkpoint = await presentCheckpoint(await latestHead(environment));
      if (request.headers.get("accept")?.includes("application/json")) {
        return Response.json(checkpoint, {
          headers: { "Cache-Control": cacheControl, Vary: "Accept" },
        });
      }
      return new Response(checkpoint.note, {
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": cacheControl,
          Vary: "Accept",
        },
      });
    }),
  },
  { anyOrigin: true },
);
