import { WebhookDetail } from "@/components/webhooks/webhook-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";
import { eventTypes } from "@/lib/events/types";

export const metadata = { title: "Webhook" };

export default async function Webhook({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/webhooks/${encodeURIComponent(id)}`);
  return <WebhookDetail environment={environment} webhookId={id} eventTypes={eventTypes} />;
}
