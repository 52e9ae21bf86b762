import type { TDeliveryRequested } from "@/lib/events/jobs";
import { attemptDelivery } from "./attempt-delivery";
import type { TAttemptOutcome } from "./settle-attempt";

export type TFirstAttempt = {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  outcome: TAttemptOutcome;
};

/**
 * The first attempt of each requested delivery, all at once: a slow receiver holds up none of
 * the others. Each is claimed before it is sent, so running this again after a crash sends
 * nothing twice and returns the same outcomes.
 */
export function attemptFirstDeliveries(requests: TDeliveryRequested[]): Promise<TFirstAttempt[]> {
  return Promise.all(
    requests.map(async ({ deliveryId, endpointId, firstAttempt = 1 }) => ({
      deliveryId,
      endpointId,
      attempt: firstAttempt,
      outcome: await attemptDelivery({ deliveryId, attempt: firstAttempt, retry: 1 }),
    })),
  );
}
