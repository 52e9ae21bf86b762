import type { TEnvironment } from "@/lib/environment";
import type { TAuthContext } from "./auth-context";

export type TTenant = { organizationId: string; environment: TEnvironment };

export const tenantOf = (auth: TAuthContext): TTenant => ({
  organizationId: auth.organizationId,
  environment: auth.environment,
});
