import { verifyEmail, ZEmailVerificationBody } from "@/lib/account/email-verification";
import { pagePost } from "@/lib/console/page-post";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/email-verification - a mailed link's token: verifies the email it was sent to
  POST: pagePost({
    refusal: "Verify from the page the mailed link opens.",
    run: async (request, requestId) => {
      await limitPageRequest("email-verification", clientAddress(request));
      const body = ZEmailVerificationBody.parse((await readJsonBody(request)).value);
      const { email } = await verifyEmail({ ...body, requestId });
      return { message: `${email} is verified.` };
    },
  }),
});
