import { desc } from "drizzle-orm";
import { db } from "@/db/client";
import { organizations } from "@/db/schema";

/** Every organization, newest first (an operator's view; the API never lists across tenants). */
export async function listOrganizations() {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      plan: organizations.plan,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .orderBy(desc(organizations.createdAt), desc(organizations.id));
}
