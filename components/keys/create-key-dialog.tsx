"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch, queryKeys, type TCreatedKey } from "../console/api";
import { Field, FormErrors } from "../console/form-field";
import { plural } from "../console/plural";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";
import { ExpiryField, expiresAtOf, type TExpiryChoice } from "./expiry-field";
import styles from "./keys.module.css";
import { ScopePicker } from "./scope-picker";
import { SecretReveal } from "./secret-reveal";

export function CreateKeyDialog({
  open,
  onClose,
  environment: current,
}: {
  open: boolean;
  onClose: () => void;
  environment: TEnvironment;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [environment, setEnvironment] = useState<TEnvironment>(current);
  const [scopes, setScopes] = useState<Set<TScope>>(new Set());
  const [expiry, setExpiry] = useState<TExpiryChoice>("never");
  const [expiryDate, setExpiryDate] = useState("");
  const create = useMutation({
    mutationFn: () =>
      consoleFetch<TCreatedKey>("/api/console/keys", {
        method: "POST",
        body: {
          name,
          environment,
          scopes: [...scopes],
          expiresAt: expiresAtOf(expiry, expiryDate),
        },
      }),
    onSuccess: (created) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.keys(created.key.environment) }),
  });

  function close() {
    create.reset();
    setName("");
    setScopes(new Set());
    setExpiry("never");
    setExpiryDate("");
    setEnvironment(current);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  if (create.data) {
    const created = create.data;
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Your new API key"
        description={
          <>
            <strong>{created.key.name}</strong> · {created.key.environment} ·{" "}
            {plural(created.key.scopes.length, "scope")}
          </>
        }
        footer={
          <Button variant="primary" onClick={close} autoFocus>
            Done
          </Button>
        }
      >
        <SecretReveal secret={created.secret} />
        {created.key.environment !== current ? (
          <p className={ui.hint}>
            This key is for {created.key.environment}; switch environments to see it in the list.
          </p>
        ) : null}
      </Dialog>
    );
  }

  // Why "Create key" is disabled, said next to it.
  const missing =
    name.trim() === ""
      ? "Name the key."
      : scopes.size === 0
        ? "Choose at least one scope."
        : expiry === "date" && expiryDate === ""
          ? "Choose the day it expires."
          : null;
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create API key"
      description="Give the key only the scopes its caller needs."
      footer={
        <>
          <span className={styles.footerHint}>
            {missing ?? `${scopes.size} of 21 scopes selected`}
          </span>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="primary"
            type="submit"
            form="create-key-form"
            disabled={create.isPending || missing !== null}
          >
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} id="create-key-form">
        <FormErrors error={create.error} fields={["name"]}>
          <Field name="name" label="Name">
            <input
              className={ui.input}
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Billing agent"
              maxLength={100}
              required
              autoFocus
            />
          </Field>
        </FormErrors>
        <fieldset className={styles.environments}>
          <legend className={ui.label}>Environment</legend>
          {(["sandbox", "production"] as const).map((option) => (
            <label key={option} className={styles.environmentOption}>
              <input
                type="radio"
                name="environment"
                value={option}
                checked={environment === option}
                onChange={() => setEnvironment(option)}
              />
              <span>
                <strong>{option === "sandbox" ? "Sandbox" : "Production"}</strong>
                <span className={ui.hint}>
                  {option === "sandbox" ? " sk_test_…, test data" : " sk_live_…, real money"}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <ExpiryField
          choice={expiry}
          date={expiryDate}
          onChoice={setExpiry}
          onDate={setExpiryDate}
        />
        <ScopePicker value={scopes} onChange={setScopes} />
      </form>
    </Dialog>
  );
}
