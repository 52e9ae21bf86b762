import { allEvents, type TEventSubscription, type TEventType } from "./types";

/** Whether an endpoint subscribed to `events` receives an event of `type`. */
export function isSubscribed({
  events,
  type,
}: {
  events: readonly TEventSubscription[];
  type: TEventType;
}): boolean {
  return events.some((subscribed) => subscribed === allEvents || subscribed === type);
}
