import { AgentsPage } from "@/components/agents/agents-page";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Agents" };

export default async function Agents({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/agents`);
  return <AgentsPage key={filtersKey(await searchParams)} environment={environment} />;
}
