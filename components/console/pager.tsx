"use client";

import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";
import type { TPage } from "./api";
import styles from "./pager.module.css";
import type { usePager } from "./use-pager";

export function Pager({
  pager,
  page,
  placeholder,
}: {
  pager: ReturnType<typeof usePager>;
  page: TPage<unknown> | undefined;
  placeholder: boolean;
}) {
  if (!page || (!page.hasMore && pager.pageNumber === 1)) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span className={ui.muted}>Page {pager.pageNumber}</span>
      <Button size="small" disabled={pager.pageNumber === 1} onClick={pager.previous}>
        Previous
      </Button>
      <Button
        size="small"
        disabled={!page.hasMore || placeholder}
        onClick={() => pager.next(page.cursor)}
      >
        Next
      </Button>
    </nav>
  );
}
