import { AgentDetail } from "@/components/agents/agent-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Agent" };

export default async function Agent({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/agents/${encodeURIComponent(id)}`);
  return <AgentDetail environment={environment} agentId={id} />;
}
