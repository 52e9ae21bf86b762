export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "@/app/v1/openapi.json/route";
