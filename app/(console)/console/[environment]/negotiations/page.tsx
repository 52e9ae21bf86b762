import { NegotiationsPage } from "@/components/payments/negotiations-page";
import { negotiationStatuses } from "@/db/schema";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Negotiations" };

export default async function Negotiations({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/negotiations`);
  return (
    <NegotiationsPage
      key={filtersKey(await searchParams)}
      environment={environment}
      statuses={negotiationStatuses}
    />
  );
}
