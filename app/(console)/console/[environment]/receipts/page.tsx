import { ReceiptsPage } from "@/components/receipts/receipts-page";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Receipts" };

export default async function Receipts({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/receipts`);
  return <ReceiptsPage key={filtersKey(await searchParams)} environment={environment} />;
}
