"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { consoleFetch, queryKeys, type TApiKey } from "../console/api";
import { Field, FormErrors } from "../console/form-field";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

export function RenameKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(apiKey.name);
  const rename = useMutation({
    mutationFn: () =>
      consoleFetch<TApiKey>(`/api/console/keys/${encodeURIComponent(apiKey.id)}`, {
        method: "PATCH",
        body: { name },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.keys(apiKey.environment) });
      onClose();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate();
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Rename key"
      description="The name is only for you: the secret does not change."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form="rename-key-form"
            disabled={rename.isPending || name.trim() === ""}
          >
            {rename.isPending ? "Saving…" : "Save"}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} id="rename-key-form">
        <FormErrors error={rename.error} fields={["name"]}>
          <Field name="name" label="Name">
            <input
              className={ui.input}
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={100}
              required
              autoFocus
            />
          </Field>
        </FormErrors>
      </form>
    </Dialog>
  );
}
