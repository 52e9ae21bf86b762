import type { TEventEnvelope } from "@/lib/events/types";
import { signWebhook } from "@/lib/webhooks/delivery/signing";

/**
 * POSTs the event to the local receiver as a webhook delivery would: the same envelope, signed
 * with Standard Webhooks headers. Answers the response status, or why there was none.
 */
export async function forwardEvent({
  event,
  url,
  secret,
}: {
  event: TEventEnvelope;
  url: string;
  secret: string;
}): Promise<number | string> {
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...signWebhook({ id: event.id, body, secrets: [secret] }),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    return `failed (${(error as Error).message})`;
  }
}
