import type { TMembershipRow } from "@/db/schema";

export type TMemberRole = TMembershipRow["role"];

/** The roles, each allowed everything the ones after it are. */
export const memberRoles = [
  "owner",
  "developer",
  "viewer",
] as const satisfies readonly TMemberRole[];

const rank: Record<TMemberRole, number> = { owner: 3, developer: 2, viewer: 1 };

/** Whether a member with `role` may do what needs `required`. */
export function roleAllows(role: TMemberRole, required: TMemberRole): boolean {
  return rank[role] >= rank[required];
}

/** The roles that satisfy `required`, for messages: "developer or owner". */
export function rolesAllowing(required: TMemberRole): string {
  return memberRoles
    .filter((role) => roleAllows(role, required))
    .reverse()
    .join(" or ");
}
