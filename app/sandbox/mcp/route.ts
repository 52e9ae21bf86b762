export { DELETE, GET, OPTIONS, POST } from "@/app/mcp/route";

export const dynamic = "force-dynamic";
