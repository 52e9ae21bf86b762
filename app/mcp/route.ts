import { hostEnvironment } from "@/lib/http/environment";
import { serveMcp } from "@/lib/mcp/serve-http";

export const dynamic = "force-dynamic";

// app/sandbox/mcp serves this handler too; the URL the client called says which environment it
// is: the /sandbox/ path, or the SANDBOX_HOSTNAME host.
const environmentOf = (request: Request) =>
  new URL(request.url).pathname.startsWith("/sandbox/") ? "sandbox" : hostEnvironment(request);

// POST, DELETE /mcp - the MCP server (Streamable HTTP), sandbox at /sandbox/mcp; GET is 405
const handler = (request: Request) => serveMcp(request, environmentOf(request));

export { handler as DELETE, handler as GET, handler as OPTIONS, handler as POST };
