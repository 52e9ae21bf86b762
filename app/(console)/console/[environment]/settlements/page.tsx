import { SettlementsPage } from "@/components/payments/settlements-page";
import { settlementStatuses } from "@/db/schema";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Settlements" };

export default async function Settlements({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/settlements`);
  return (
    <SettlementsPage
      key={filtersKey(await searchParams)}
      environment={environment}
      statuses={settlementStatuses}
    />
  );
}
