"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { ActionDialog } from "../console/action-dialog";
import { consoleFetch, queryKeys, type TAgent } from "../console/api";
import { Field } from "../console/form-field";
import ui from "../ui/ui.module.css";

/** Capabilities typed as words separated by commas or spaces. */
const capabilityList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Name, description and capabilities, the fields PATCH /v1/agents/:id takes for them. */
export function EditAgentDialog({
  environment,
  agent,
  onClose,
}: {
  environment: TEnvironment;
  agent: TAgent;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(agent.name);
  const [description, setDescription] = useState(agent.description ?? "");
  const [capabilities, setCapabilities] = useState(agent.capabilities.join(", "));
  return (
    <ActionDialog
      title={`Edit “${agent.name}”`}
      confirmLabel="Save changes"
      busyLabel="Saving…"
      canConfirm={name.trim() !== ""}
      fields={["name", "description", "capabilities"]}
      action={() =>
        consoleFetch<TAgent>(
          `/api/console/agents/${encodeURIComponent(agent.id)}?environment=${environment}`,
          {
            method: "PATCH",
            body: {
              name: name.trim(),
              description: description.trim() === "" ? null : description.trim(),
              capabilities: capabilityList(capabilities),
            },
          },
        )
      }
      onDone={(updated) => {
        queryClient.setQueryData(queryKeys.agent(environment, agent.id), updated);
        return queryClient.invalidateQueries({ queryKey: queryKeys.agentPages(environment) });
      }}
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
      <Field name="description" label="Description">
        <textarea
          className={ui.input}
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
          rows={3}
        />
      </Field>
      <Field
        name="capabilities"
        label="Capabilities"
        itemLabel="Capability"
        hint="Lowercase words, separated by commas."
      >
        <input
          className={ui.input}
          name="capabilities"
          value={capabilities}
          onChange={(event) => setCapabilities(event.target.value)}
          placeholder="translation, summarization"
        />
      </Field>
    </ActionDialog>
  );
}
