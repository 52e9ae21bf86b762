"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TWebhook } from "../console/api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

export function DeleteWebhookDialog({
  environment,
  webhook,
  onClose,
}: {
  environment: TEnvironment;
  webhook: TWebhook;
  onClose: () => void;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      consoleFetch(
        `/api/console/webhooks/${encodeURIComponent(webhook.id)}?environment=${environment}`,
        {
          method: "DELETE",
        },
      ),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.webhook(environment, webhook.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(environment) });
      router.push(`/console/${environment}/webhooks`);
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete this endpoint?"
      description={
        <>
          <code>{webhook.url}</code> stops receiving events at once and its pending deliveries are
          cancelled. This cannot be undone.
        </>
      }
      footer={
        <>
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending ? "Deleting…" : "Delete endpoint"}
          </Button>
        </>
      }
    >
      {remove.error ? <div className={ui.alert}>{remove.error.message}</div> : null}
    </Dialog>
  );
}
