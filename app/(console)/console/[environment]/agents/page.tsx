import { AgentsPage } from "@/components/agents/agents-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Agents" };

export default async function Agents({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/agents`);
  return <AgentsPage environment={environment} />;
}
