import type { TMemberRole } from "@/lib/team/roles";

/** One line a role, as docs/console.md's roles table says it. */
export const roleDescriptions: Record<TMemberRole, string> = {
  owner: "everything, and manages the team",
  developer: "reads and changes keys, webhooks and agents",
  viewer: "reads everything, changes nothing",
};
