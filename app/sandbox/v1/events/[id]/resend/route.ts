export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "@/app/v1/events/[id]/resend/route";
