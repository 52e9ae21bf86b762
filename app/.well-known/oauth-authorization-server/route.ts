import { publicOrigin } from "@/lib/http/respond";
import { authorizationServerMetadata } from "@/lib/oauth/metadata";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /.well-known/oauth-authorization-server - RFC 8414 metadata: the console grants access
    // to the MCP servers, the token endpoint issues API keys
    GET: async (request) =>
      Response.json(authorizationServerMetadata(publicOrigin(request)), {
        headers: { "Cache-Control": "public, max-age=300" },
      }),
  },
  { anyOrigin: true },
);
