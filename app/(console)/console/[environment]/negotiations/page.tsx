import { NegotiationsPage } from "@/components/payments/negotiations-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Negotiations" };

export default async function Negotiations({
  params,
}: {
  params: Promise<{ environment: string }>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/negotiations`);
  return <NegotiationsPage environment={environment} />;
}
