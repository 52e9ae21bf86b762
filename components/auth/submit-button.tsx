"use client";

import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { useHydrated } from "../ui/use-hydrated";
import styles from "./auth.module.css";

/**
 * A signed-out form's submit button: disabled while the form is `pending` or `blocked`, and
 * until the page's script runs (a click before would submit the form natively, as a GET with its
 * fields in the address).
 */
export function SubmitButton({
  pending,
  blocked = false,
  children,
}: {
  pending: boolean;
  blocked?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Button
      variant="primary"
      type="submit"
      className={styles.submit}
      disabled={!hydrated || pending || blocked}
    >
      {children}
    </Button>
  );
}
