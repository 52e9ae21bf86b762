export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "@/app/v1/agents/[id]/agent-card.json/route";
