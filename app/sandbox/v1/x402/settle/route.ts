export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "@/app/v1/x402/settle/route";
