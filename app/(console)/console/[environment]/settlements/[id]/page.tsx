import { SettlementDetail } from "@/components/payments/settlement-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Settlement" };

export default async function Settlement({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/settlements/${encodeURIComponent(id)}`);
  return <SettlementDetail environment={environment} settlementId={id} />;
}
