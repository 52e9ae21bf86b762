"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./shell.module.css";

function LinesIcon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 18 18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      aria-hidden
    >
      <path d={d} />
    </svg>
  );
}

/**
 * The menu button of narrow screens and the drawer it opens, a modal <dialog>: focus moves into
 * it and the page behind is inert; Escape, the backdrop, the close button or following a link
 * close it, and focus returns to the menu button.
 */
export function NavDrawer({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  // Open on one page only: a navigation by any means (a link, back, forward) closes the drawer.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-label="Open navigation"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpenOn(pathname)}
      >
        <LinesIcon d="M3 5h12M3 9h12M3 13h12" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it, and a link followed by keyboard clicks too */}
      <dialog
        ref={dialogRef}
        id={dialogId}
        className={styles.drawer}
        aria-label="Navigation"
        onClose={() => {
          close();
          buttonRef.current?.focus();
        }}
        onClick={(event) => {
          // The dialog element itself is hit only on its backdrop (its panel fills it); a link to
          // the page already shown changes no path, so it closes the drawer here.
          const target = event.target as Element;
          if (target === event.currentTarget || target.closest("a")) close();
        }}
      >
        {open ? (
          <div className={styles.drawerPanel}>
            <button
              type="button"
              className={styles.drawerClose}
              aria-label="Close navigation"
              onClick={close}
            >
              <LinesIcon d="M4.5 4.5l9 9M13.5 4.5l-9 9" />
            </button>
            {children}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
