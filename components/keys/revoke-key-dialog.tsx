"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleFetch, queryKeys, type TApiKey } from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () =>
      consoleFetch<TApiKey>(`/api/console/keys/${encodeURIComponent(apiKey.id)}/revoke`, {
        method: "POST",
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.keys(apiKey.environment) });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Revoke “${apiKey.name}”?`}
      description={
        <>
          Requests signed with{" "}
          <code>
            {apiKey.prefix}…{apiKey.last4}
          </code>{" "}
          will fail at once. This cannot be undone.
        </>
      }
      footer={
        <>
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            {revoke.isPending ? "Revoking…" : "Revoke key"}
          </Button>
        </>
      }
    >
      {revoke.error ? <div className={ui.alert}>{revoke.error.message}</div> : null}
    </Dialog>
  );
}
