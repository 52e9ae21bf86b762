import { UsagePage } from "@/components/usage/usage-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Usage" };

export default async function Usage({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/usage`);
  return <UsagePage environment={environment} />;
}
