import { resetPassword, ZPasswordResetBody } from "@/lib/account/password-reset";
import { pagePost } from "@/lib/console/page-post";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/password-reset/confirm - a mailed link's token and a new password
  POST: pagePost({
    refusal: "Reset the password from the console's own page.",
    run: async (request, requestId) => {
      await limitPageRequest("password-reset", clientAddress(request));
      const body = ZPasswordResetBody.parse((await readJsonBody(request)).value);
      await resetPassword({ ...body, requestId });
      return { message: "Your password is changed. Sign in with it." };
    },
  }),
});
