import { SettlementsPage } from "@/components/payments/settlements-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Settlements" };

export default async function Settlements({
  params,
}: {
  params: Promise<{ environment: string }>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/settlements`);
  return <SettlementsPage environment={environment} />;
}
