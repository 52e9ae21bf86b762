import { ReceiptDetail } from "@/components/receipts/receipt-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Receipt" };

export default async function Receipt({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/receipts/${encodeURIComponent(id)}`);
  return <ReceiptDetail environment={environment} receiptId={id} />;
}
