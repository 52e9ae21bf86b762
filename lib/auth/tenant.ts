import type { Environment } from "@/lib/environment";
import type { AuthContext } from "./auth-context";

export type Tenant = { organizationId: string; environment: Environment };

export const tenantOf = (auth: AuthContext): Tenant => ({
  organizationId: auth.organizationId,
  environment: auth.environment,
});
