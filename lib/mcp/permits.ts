import type { TAuthContext } from "@/lib/auth/auth-context";
import { ApiError } from "@/lib/http/api-error";
import { refuseAgentToken, requireScope } from "@/lib/http/authorize";
import type { TOperation } from "@/lib/http/operation";

/** Whether the credential may call the operation: the pipeline's own scope and token checks. */
export function permits(auth: TAuthContext, operation: TOperation): boolean {
  try {
    if (operation.scope) requireScope(auth, operation.scope);
    if (operation.organizationWide) refuseAgentToken(auth);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
