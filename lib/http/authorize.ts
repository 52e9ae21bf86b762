import type { AuthContext } from "@/lib/auth/auth-context";
import type { Scope } from "@/lib/auth/scopes";
import { ApiError } from "./api-error";

export function requireScope(auth: AuthContext, scope: Scope | "api_key"): void {
  if (scope === "api_key") {
    if (auth.credential.kind === "api_key") return;
    throw new ApiError({
      code: "forbidden",
      message: "This operation needs an API key; an agent token cannot call it.",
    });
  }
  if (auth.scopes.has(scope)) return;
  throw new ApiError({
    code: "forbidden",
    message: `This credential lacks the '${scope}' scope needed for this operation.`,
  });
}
