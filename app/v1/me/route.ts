import { getMeOperation } from "@/lib/me/operations";
import { presentMe } from "@/lib/me/present-me";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/me - who the credential is
  GET: handle(getMeOperation, async ({ auth }) => presentMe(auth)),
});
