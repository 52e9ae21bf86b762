export {
  DELETE,
  GET,
  OPTIONS,
  PATCH,
  POST,
  PUT,
} from "@/app/v1/webhooks/[id]/deliveries/[deliveryId]/retry/route";
