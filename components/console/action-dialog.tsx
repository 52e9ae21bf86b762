"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import ui from "../ui/ui.module.css";

/**
 * The confirmation every console change goes through: what will happen, the fields it needs,
 * and the domain's refusal (a 4xx message) shown in place, so nothing changes unconfirmed.
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
        {mutation.error ? (
          <div className={ui.alert} role="alert">
            {mutation.error.message}
          </div>
        ) : null}
        {children}
      </form>
    </Dialog>
  );
}
