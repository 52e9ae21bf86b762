"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleFetch, queryKeys, type TMember } from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

export function RemoveMemberDialog({ member, onClose }: { member: TMember; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      consoleFetch(`/api/console/team/members/${encodeURIComponent(member.id)}`, {
        method: "DELETE",
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
      title={`Remove ${member.email}?`}
      description="Their account is deleted and their sessions stop working at once. They can be invited again."
      footer={
        <>
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending ? "Removing…" : "Remove member"}
          </Button>
        </>
      }
    >
      {remove.error ? <div className={ui.alert}>{remove.error.message}</div> : null}
    </Dialog>
  );
}
