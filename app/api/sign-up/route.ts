import { after } from "next/server";
import { mailVerificationLink } from "@/lib/account/email-verification";
import { pagePost } from "@/lib/console/page-post";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { publicOrigin } from "@/lib/http/respond";
import { log } from "@/lib/observability/logger";
import { routeMethods } from "@/lib/pipeline/handle";
import { ZSignUpBody } from "@/lib/users/schemas";
import { signUp } from "@/lib/users/sign-up";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/sign-up - create an account and its organization (the page then signs in)
  POST: pagePost({
    refusal: "Sign up from the console's own page.",
    status: 201,
    run: async (request, requestId) => {
      await limitPageRequest("sign-up", clientAddress(request));
      const body = ZSignUpBody.parse((await readJsonBody(request)).value);
      const { user, organization } = await signUp(body);
      const origin = publicOrigin(request);
      after(() =>
        mailVerificationLink({ userId: user.id, origin }).catch((err) =>
          log.error({ err, requestId }, "sign-up: the verification link could not be mailed"),
        ),
      );
      return {
        user: { id: user.id, email: user.email, name: user.name },
        organization: { id: organization.id, name: organization.name, plan: organization.plan },
      };
    },
  }),
});
