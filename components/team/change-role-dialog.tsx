"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMemberRole } from "@/lib/team/roles";
import { consoleFetch, queryKeys, type TMember } from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";
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
  const change = useMutation({
    mutationFn: () =>
      consoleFetch<TMember>(`/api/console/team/members/${encodeURIComponent(member.id)}`, {
        method: "PATCH",
        body: { role },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.team() });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Make ${member.email} ${role === "owner" ? "an" : "a"} ${role}?`}
      description={`Now ${member.role}: ${roleDescriptions[member.role]}. As ${role}: ${roleDescriptions[role]}. It applies at their next request.`}
      footer={
        <>
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => change.mutate()} disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change role"}
          </Button>
        </>
      }
    >
      {change.error ? (
        <div className={ui.alert} role="alert">
          {change.error.message}
        </div>
      ) : null}
    </Dialog>
  );
}
