import { count } from "drizzle-orm";
import { config } from "@/config";
import { db } from "@/db/client";
import { organizations } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { createOrganization } from "@/lib/orgs/create-organization";
import { createApiKey } from "./create-key";

/**
 * On a brand-new embedded database, creates a local organization and one sandbox key and prints
 * the key, so that the README walkthrough needs no other step.
 */
export async function bootstrapLocalOrganization(): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(organizations);
  if ((existing?.total ?? 0) > 0) return;
  const organization = await createOrganization({ name: "Local", plan: "pro" });
  const { secret } = await createApiKey({
    organizationId: organization.id,
    environment: "sandbox",
    name: "Local sandbox key",
    scopes: allScopes,
  });
  console.log(
    [
      "",
      "  First start on a fresh embedded database: created organization",
      `  ${organization.id} ("Local", plan pro) and a sandbox key with every scope:`,
      "",
      `    ${secret}`,
      "",
      `  It is shown only now. Try: curl -H "Authorization: Bearer <key>" http://localhost:${config().PORT}/sandbox/v1/agents`,
      "",
    ].join("\n"),
  );
}
