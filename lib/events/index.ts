export { isSubscribed } from "./matches";
export {
  allEvents,
  eventTypes,
  type TEventEnvelope,
  type TEventSubscription,
  type TEventSubscriptionList,
  type TEventType,
  ZEnvironment,
  ZEventEnvelope,
  ZEventId,
  ZEventSubscription,
  ZEventSubscriptionList,
  ZEventType,
} from "./types";
