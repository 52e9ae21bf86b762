import { AccountPage } from "@/components/account/account-page";
import { twoFactorStatus } from "@/lib/account/two-factor";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Account" };

export default async function Account({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  const member = await requireMember(`/console/${environment}/account`);
  return (
    <AccountPage
      email={member.user.email}
      emailVerifiedAt={member.user.emailVerifiedAt?.toISOString() ?? null}
      twoFactor={await twoFactorStatus(member.user.id)}
      organizations={{
        organizations: member.organizations,
        currentId: member.organization.id,
        environment,
      }}
    />
  );
}
