import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";
import { eventTypes } from "@/lib/events/types";

export const metadata = { title: "Webhooks" };

export default async function Webhooks({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/webhooks`);
  return <WebhooksPage environment={environment} eventTypes={eventTypes} />;
}
