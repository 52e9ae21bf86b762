"use client";

import { Fragment, type ReactNode, useRef } from "react";
import { ErrorState, LoadingRows } from "../ui/states";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import { Pager } from "./pager";
import type { TPagedList } from "./use-paged-list";

/**
 * A console list in a card: an error with a retry, `empty` when the first page has nothing,
 * otherwise the table (placeholder rows while the first page loads) and the pager below.
 */
export function PagedTable<T extends { id: string }>({
  list: { pager, query },
  columns,
  empty,
  row,
  label,
}: {
  list: TPagedList<T>;
  columns: string[];
  empty: ReactNode;
  /** The `<tr>` of one item. */
  row: (item: T) => ReactNode;
  /**
   * Names the card and lets it take focus: for a table whose rows hold nothing focusable, so a
   * keyboard can still scroll it when it is wider than the screen.
   */
  label?: string;
}) {
  const page = query.data;
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  return (
    <>
      <section
        className={ui.card}
        aria-label={label}
        tabIndex={label === undefined ? undefined : 0}
      >
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : page?.data.length === 0 && pager.pageNumber === 1 ? (
          empty
        ) : (
          <table ref={table} className={`${ui.table} ${ui.stacked}`} aria-busy={query.isFetching}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {!page ? (
                <LoadingRows columns={columns.length} />
              ) : (
                page.data.map((item) => <Fragment key={item.id}>{row(item)}</Fragment>)
              )}
            </tbody>
          </table>
        )}
      </section>
      <Pager pager={pager} page={page} placeholder={query.isPlaceholderData} />
    </>
  );
}
