import { buildOpenApiDocument } from "@/lib/openapi/document";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

// GET /v1/openapi.json - the OpenAPI 3.1 document, generated from the request schemas
export function GET() {
  document ??= buildOpenApiDocument();
  return Response.json(document);
}
