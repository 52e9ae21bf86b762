import type { TDeliveryRequested } from "@/lib/events/jobs";
import { attemptDeliveries } from "./attempt-delivery";
import type { TAttemptOutcome } from "./settle-attempt";

export type TFirstAttempt = {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  traceparent?: string;
  outcome: TAttemptOutcome;
};

/**
 * The first attempt of each requested delivery, all at once (attemptDeliveries). Running this
 * again after a crash sends nothing twice and returns the same outcomes.
 */
export async function attemptFirstDeliveries(
  requests: TDeliveryRequested[],
): Promise<TFirstAttempt[]> {
  // A delivery requested twice in one batch (two manual retries) is attempted once.
  const unique = [...new Map(requests.map((request) => [request.deliveryId, request])).values()];
  const attempts = unique.map(({ deliveryId, endpointId, firstAttempt = 1, traceparent }) => ({
    deliveryId,
    endpointId,
    attempt: firstAttempt,
    traceparent,
  }));
  const outcomes = await attemptDeliveries(attempts.map((item) => ({ ...item, retry: 1 })));
  return attempts.map((item, index) => ({ ...item, outcome: outcomes[index]! }));
}
