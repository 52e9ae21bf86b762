"use client";

import { useState } from "react";
import type { TApiKey } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import { currentStatus } from "./key-status";
import { RenameKeyDialog } from "./rename-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";

/** Every change a key's page offers, in one place: rename, roll (active keys), revoke. */
export function KeyActions({ apiKey }: { apiKey: TApiKey }) {
  const [open, setOpen] = useState<"rename" | "roll" | "revoke">();
  const canChange = useCanChange();
  const status = currentStatus(apiKey);
  const close = () => setOpen(undefined);
  if (!canChange) return null;
  return (
    <>
      <Button onClick={() => setOpen("rename")}>Rename</Button>
      {status === "active" ? <Button onClick={() => setOpen("roll")}>Roll</Button> : null}
      {status === "active" || status === "expiring" ? (
        <Button variant="danger" onClick={() => setOpen("revoke")}>
          Revoke
        </Button>
      ) : null}
      {open === "rename" ? <RenameKeyDialog apiKey={apiKey} onClose={close} /> : null}
      {open === "roll" ? <RollKeyDialog apiKey={apiKey} onClose={close} /> : null}
      {open === "revoke" ? <RevokeKeyDialog apiKey={apiKey} onClose={close} /> : null}
    </>
  );
}
