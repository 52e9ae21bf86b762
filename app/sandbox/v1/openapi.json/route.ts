export { GET } from "@/app/v1/openapi.json/route";
