import { buildOpenApiDocument } from "@/lib/openapi/document";
import { routeMethods } from "@/lib/pipeline/handle";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/openapi.json - the OpenAPI 3.1 document, generated from the request schemas
  GET: async () => {
    document ??= buildOpenApiDocument();
    return Response.json(document);
  },
});
