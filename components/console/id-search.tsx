"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import ui from "../ui/ui.module.css";
import { consoleFetch, queryKeys, type TFoundId } from "./api";
import styles from "./shell.module.css";

/** Waits this long after the last keystroke before searching. */
const TYPING_PAUSE_MS = 150;

/** Whether a key press was meant for a field rather than for the page. */
const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The top bar's search: any prefix of an id (`stl-3kD`, `agent-…`, `req-…`) lists what the
 * organization sees with that id, and Enter opens it. `/` focuses it from anywhere.
 */
export function IdSearch({ environment }: { environment: TEnvironment }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState("");
  const [typed, setTyped] = useState("");
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    const focusOnSlash = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || inField(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener("keydown", focusOnSlash);
    return () => window.removeEventListener("keydown", focusOnSlash);
  }, []);
  const searchable = typed.includes("-");
  const results = useQuery({
    queryKey: queryKeys.search(environment, typed),
    queryFn: () =>
      consoleFetch<{ data: TFoundId[] }>(
        `/api/console/search?${new URLSearchParams({ environment, q: typed })}`,
      ),
    enabled: searchable,
  });
  const found = searchable ? (results.data?.data ?? []) : [];
  const expanded = open && text.trim() !== "";
  const go = (item: TFoundId | undefined) => {
    if (!item) return;
    setText("");
    setOpen(false);
    input.current?.blur();
    router.push(item.path);
  };
  const hint = !text.includes("-")
    ? "Type an id with its prefix: agent-, neg-, stl-, rcp-, evt-, wh-, key-, req-"
    : results.isFetching || typed !== text.trim()
      ? "Searching…"
      : found.length === 0
        ? "No id starts with that here"
        : null;
  return (
    <div className={styles.search}>
      <input
        ref={input}
        type="search"
        className={`${ui.input} ${styles.searchInput}`}
        placeholder="Go to id…  /"
        aria-label="Go to an id"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && found[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown")
            setActive((index) => Math.min(index + 1, found.length - 1));
          else if (event.key === "ArrowUp") setActive((index) => Math.max(index - 1, 0));
          else if (event.key === "Enter") go(found[active] ?? found[0]);
          else if (event.key === "Escape") {
            setText("");
            setOpen(false);
          } else return;
          event.preventDefault();
        }}
      />
      {expanded ? (
        <div className={styles.searchResults}>
          <div id={listId} role="listbox" aria-label="Ids found" className={styles.searchList}>
            {found.map((item, index) => (
              <div
                key={item.id}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.searchOption}
                // Before the input's blur, so that the click still lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(item);
                }}
              >
                <span className={ui.muted}>{item.kind}</span>
                <span className={ui.mono}>{item.id}</span>
                {item.label ? <span className={styles.searchLabel}>{item.label}</span> : null}
              </div>
            ))}
          </div>
          {hint ? <p className={`${ui.muted} ${styles.searchHint}`}>{hint}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
