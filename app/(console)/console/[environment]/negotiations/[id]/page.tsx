import { NegotiationDetail } from "@/components/payments/negotiation-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Negotiation" };

export default async function Negotiation({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/negotiations/${encodeURIComponent(id)}`);
  return <NegotiationDetail environment={environment} negotiationId={id} />;
}
