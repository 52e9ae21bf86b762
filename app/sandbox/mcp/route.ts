export { DELETE, GET, POST } from "@/app/mcp/route";

export const dynamic = "force-dynamic";
