import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "../ui/page-header";
import { EmptyState, ErrorState } from "../ui/states";
import ui from "../ui/ui.module.css";

/** The header and error states every detail page shares; `children` once there is no error. */
export function DetailFrame({
  kind,
  id,
  listHref,
  listLabel,
  error,
  onRetry,
  children,
}: {
  kind: string;
  id: string;
  listHref: string;
  listLabel: string;
  error: Error | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (!error) return children;
  const missing = "status" in error && error.status === 404;
  return (
    <>
      <PageHeader title={kind} back={<Link href={listHref}>← {listLabel}</Link>} />
      <div className={ui.card}>
        {missing ? (
          <EmptyState icon="?" title={`No such ${kind.toLowerCase()}`}>
            There is no {kind.toLowerCase()} <code>{id}</code> here.
          </EmptyState>
        ) : (
          <ErrorState error={error} onRetry={onRetry} />
        )}
      </div>
    </>
  );
}
