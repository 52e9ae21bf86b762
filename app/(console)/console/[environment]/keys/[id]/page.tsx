import { KeyDetail } from "@/components/keys/key-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "API key" };

export default async function ApiKey({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/keys/${encodeURIComponent(id)}`);
  return <KeyDetail environment={environment} keyId={id} />;
}
