import { notFound } from "@/lib/http/api-error";
import { errorResponse, publicOrigin } from "@/lib/http/respond";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";
import { environmentOfMetadataPath } from "@/lib/oauth/resources";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

type TContext = { params: Promise<{ path?: string[] }> };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /.well-known/oauth-protected-resource/mcp (and /sandbox/mcp) - RFC 9728 metadata of
    // each environment's MCP server
    GET: async (request, context) => {
      const { path = [] } = await (context as TContext).params;
      const origin = publicOrigin(request);
      const environment = environmentOfMetadataPath(path.join("/"));
      if (!environment) {
        return errorResponse(
          notFound("protected resource", `/${path.join("/")}`),
          origin,
          new Headers(),
        );
      }
      return Response.json(protectedResourceMetadata(origin, environment), {
        headers: { "Cache-Control": "public, max-age=300" },
      });
    },
  },
  { anyOrigin: true },
);
