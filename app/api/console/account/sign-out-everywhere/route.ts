import { signOutEverywhere } from "@/lib/account/sign-out-everywhere";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/sign-out-everywhere - end every session of the signed-in user
  POST: handleConsole({}, ({ member }) => signOutEverywhere(member.user.id), {
    role: "viewer",
    action: "account.sign_out_everywhere",
  }),
});
