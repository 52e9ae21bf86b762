import { ReceiptsPage } from "@/components/receipts/receipts-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Receipts" };

export default async function Receipts({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<{ settlementId?: string | string[] }>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/receipts`);
  const { settlementId } = await searchParams;
  return (
    <ReceiptsPage
      environment={environment}
      settlementId={typeof settlementId === "string" ? settlementId : ""}
    />
  );
}
