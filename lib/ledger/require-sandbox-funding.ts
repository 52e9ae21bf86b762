import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";

/** Test money exists only in sandbox; production wallets are filled by a real rail. */
export function requireSandboxFunding(environment: TEnvironment): void {
  if (environment === "sandbox") return;
  throw new ApiError({
    code: "forbidden",
    message:
      "Wallets are funded only in sandbox (/sandbox/v1); production money comes from a real rail.",
  });
}
