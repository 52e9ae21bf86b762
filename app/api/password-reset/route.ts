import { after } from "next/server";
import { mailPasswordResetLink, ZPasswordResetRequest } from "@/lib/account/password-reset";
import { pagePost } from "@/lib/console/page-post";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { publicOrigin } from "@/lib/http/respond";
import { log } from "@/lib/observability/logger";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/password-reset - mail a reset link; the answer is the same whether or not an
  // account uses the email, and comes before any lookup
  POST: pagePost({
    refusal: "Ask for a reset link from the console's own page.",
    run: async (request, requestId) => {
      await limitPageRequest("password-reset", clientAddress(request));
      const { email } = ZPasswordResetRequest.parse((await readJsonBody(request)).value);
      const origin = publicOrigin(request);
      after(() =>
        mailPasswordResetLink({ email, origin }).catch((err) =>
          log.error({ err, requestId }, "password reset: the link could not be mailed"),
        ),
      );
      return {
        message: "If an account uses this email, a link to reset its password is on its way.",
      };
    },
  }),
});
