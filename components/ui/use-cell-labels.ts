"use client";

import { type RefObject, useLayoutEffect } from "react";

/**
 * Gives each body cell of the table its column's header as `data-label`, which a stacked table
 * (`ui.stacked`, on narrow screens) shows before the cell: the rows come from many components,
 * and this labels them all in one place. Runs after every render, as rows come and go; a row
 * with fewer cells than columns (a detail row spanning them) is left as it is.
 */
export function useCellLabels(table: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const headers = [...(element.tHead?.rows[0]?.cells ?? [])].map(
      (cell) => cell.textContent?.trim() ?? "",
    );
    for (const body of element.tBodies) {
      for (const row of body.rows) {
        if (row.cells.length !== headers.length) continue;
        for (const [index, cell] of [...row.cells].entries()) cell.dataset.label = headers[index];
      }
    }
  });
}
