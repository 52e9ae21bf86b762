import { OverviewPage } from "@/components/overview/overview-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Overview" };

export default async function Overview({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  const member = await requireMember(`/console/${environment}`);
  return <OverviewPage environment={environment} organizationName={member.organization.name} />;
}
