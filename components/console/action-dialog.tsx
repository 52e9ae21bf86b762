"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormErrors } from "./form-field";

/**
 * The confirmation every console change goes through: what will happen, the fields it needs,
 * and the domain's refusal (a 4xx message) shown in place, so nothing changes unconfirmed: under
 * the field it names when that is one of `fields`, else at the top.
 */
export function ActionDialog<T>({
  title,
  description,
  confirmLabel,
  busyLabel,
  variant = "primary",
  action,
  onDone,
  onClose,
  canConfirm = true,
  fields = [],
  children,
}: {
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  variant?: "primary" | "danger";
  action: () => Promise<T>;
  onDone: (result: T) => unknown;
  onClose: () => void;
  canConfirm?: boolean;
  /** The API names of the fields the dialog shows (`Field`s), which show their own refusals. */
  fields?: readonly string[];
  children?: ReactNode;
}) {
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: async (result) => {
      await onDone(result);
      onClose();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }
  const formId = `action-${confirmLabel.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant={variant}
            type="submit"
            form={formId}
            disabled={mutation.isPending || !canConfirm}
          >
            {mutation.isPending ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <FormErrors error={mutation.error} fields={fields}>
          {children}
        </FormErrors>
      </form>
    </Dialog>
  );
}
