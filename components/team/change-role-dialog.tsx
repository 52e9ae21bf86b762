"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { TMemberRole } from "@/lib/team/roles";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TMember } from "../console/api";
import { roleDescriptions } from "./role-descriptions";

/** Asks before a member's role changes: what they could do, and what they will do. */
export function ChangeRoleDialog({
  member,
  role,
  onClose,
}: {
  member: TMember;
  role: TMemberRole;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ActionDialog
      title={`Make ${member.email} ${role === "owner" ? "an" : "a"} ${role}?`}
      description={`Now ${member.role}: ${roleDescriptions[member.role]}. As ${role}: ${roleDescriptions[role]}. It applies at their next request.`}
      confirmLabel="Change role"
      busyLabel="Changing…"
      action={() =>
        consoleFetch<TMember>(`/api/console/team/members/${encodeURIComponent(member.id)}`, {
          method: "PATCH",
          body: { role },
        })
      }
      onDone={() => queryClient.invalidateQueries({ queryKey: queryKeys.team() })}
      onClose={onClose}
    />
  );
}
