"use client";

import { useState } from "react";
import ui from "../ui/ui.module.css";
import { ActionDialog } from "./action-dialog";
import { consoleFetch } from "./api";
import { Field } from "./form-field";

/** Creates an organization the account owns; the console then works in it, from `landing`. */
export function NewOrganizationDialog({
  landing,
  onClose,
}: {
  landing: string;
  onClose: () => void;
}) {
  const [name, setName] = useState("");
  return (
    <ActionDialog
      title="New organization"
      description="A new organization on the free plan, with you as its owner. Its keys, agents and settlements are its own; you keep your other organizations."
      confirmLabel="Create organization"
      busyLabel="Creating…"
      canConfirm={name.trim() !== ""}
      fields={["name"]}
      action={() =>
        consoleFetch("/api/console/account/organizations", {
          method: "POST",
          body: { name: name.trim() },
        })
      }
      onDone={() => window.location.assign(landing)}
      onClose={onClose}
    >
      <Field name="name" label="Name">
        <input
          className={ui.input}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          required
        />
      </Field>
    </ActionDialog>
  );
}
