"use client";

import { createContext, type ReactNode, useContext } from "react";
import { roleAllows, type TMemberRole } from "@/lib/team/roles";

// The least role until the provider says otherwise: a button is never shown by mistake.
const MemberRoleContext = createContext<TMemberRole>("viewer");

export function MemberRoleProvider({ role, children }: { role: TMemberRole; children: ReactNode }) {
  return <MemberRoleContext.Provider value={role}>{children}</MemberRoleContext.Provider>;
}

/**
 * Whether the signed-in member may make a change that needs `required` (developer, like the
 * console routes, unless said otherwise). Pages hide the buttons of changes it refuses; the
 * routes refuse them anyway.
 */
export function useCanChange(required: TMemberRole = "developer"): boolean {
  return roleAllows(useContext(MemberRoleContext), required);
}
