import { TeamPage } from "@/components/team/team-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Team" };

export default async function Team({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  const member = await requireMember(`/console/${environment}/team`);
  return <TeamPage environment={environment} currentUserId={member.user.id} />;
}
