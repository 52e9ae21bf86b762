import { KeysPage } from "@/components/keys/keys-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "API keys" };

export default async function Keys({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/keys`);
  return <KeysPage environment={environment} />;
}
