"use client";

import {
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
} from "react";
import ui from "../ui/ui.module.css";
import type { ConsoleApiError } from "./api";

/** The error a form's last submission answered, for its fields to claim. */
const FormErrorContext = createContext<Error | null>(null);

const paramOf = (error: Error | null) => (error as ConsoleApiError | null)?.param;

/** Whether the error names one of `fields` (or an item of one: `capabilities.1`). */
const namesField = (error: Error | null, fields: readonly string[]) => {
  const root = paramOf(error)?.split(".")[0];
  return root !== undefined && fields.includes(root);
};

/**
 * The API's refusal of field `name` in words, or null when it names another field: the
 * "Invalid 'capabilities.1':" prefix becomes the field's own wording ("Capability 2: …").
 */
export function fieldMessage(error: Error | null, name: string, itemLabel?: string): string | null {
  const [root, index] = paramOf(error)?.split(".") ?? [];
  if (root !== name || !error) return null;
  const words = error.message.replace(/^Invalid '[^']*': /, "");
  if (itemLabel && index !== undefined && /^\d+$/.test(index)) {
    return `${itemLabel} ${Number(index) + 1}: ${words}`;
  }
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A labelled form field whose refusal shows under it, in words, tied to the control with
 * aria-invalid and aria-describedby; otherwise its hint shows there.
 */
export function Field({
  name,
  label,
  hint,
  itemLabel,
  children,
}: {
  /** The API's name of the field, as in an error's `param`. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** How one item of a list field is called in a message ("Capability" → "Capability 2: …"). */
  itemLabel?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const message = fieldMessage(useContext(FormErrorContext), name, itemLabel);
  const controlId = useId();
  const noteId = `${controlId}-note`;
  const note = message ?? hint;
  return (
    <label className={ui.field} htmlFor={controlId}>
      <span className={ui.label}>{label}</span>
      {cloneElement(children, {
        id: controlId,
        "aria-invalid": message ? true : undefined,
        "aria-describedby": note ? noteId : undefined,
      })}
      {message ? (
        <span id={noteId} className={ui.fieldError} role="alert">
          {message}
        </span>
      ) : hint ? (
        <span id={noteId} className={ui.hint}>
          {hint}
        </span>
      ) : null}
    </label>
  );
}

/**
 * A form's fields and its last refusal: at the top, unless it names one of `fields`, which
 * then shows it under itself (`Field`, or `fieldMessage` for a group of controls).
 */
export function FormErrors({
  error,
  fields,
  children,
}: {
  error: Error | null;
  fields: readonly string[];
  children: ReactNode;
}) {
  return (
    <>
      {error && !namesField(error, fields) ? (
        <div className={ui.alert} role="alert">
          {error.message}
        </div>
      ) : null}
      <FormErrorContext value={error}>{children}</FormErrorContext>
    </>
  );
}
