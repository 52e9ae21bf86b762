"use client";

import ui from "../ui/ui.module.css";

const choices = {
  never: "Never",
  "7": "In 7 days",
  "30": "In 30 days",
  "90": "In 90 days",
  "365": "In 1 year",
  date: "On a date…",
} as const;

export type TExpiryChoice = keyof typeof choices;

/** The instant a choice means: a number of days from now, the end of a picked local day, or never. */
export function expiresAtOf(choice: TExpiryChoice, date: string): string | null {
  if (choice === "never") return null;
  if (choice === "date") {
    const end = new Date(`${date}T00:00`);
    end.setDate(end.getDate() + 1);
    return end.toISOString();
  }
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/** When a new key stops working; an expired key is refused like a revoked one. */
export function ExpiryField({
  choice,
  date,
  onChoice,
  onDate,
}: {
  choice: TExpiryChoice;
  date: string;
  onChoice: (choice: TExpiryChoice) => void;
  onDate: (date: string) => void;
}) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className={ui.field}>
      <label className={ui.field}>
        <span className={ui.label}>Expires</span>
        <select
          className={ui.input}
          name="expiry"
          value={choice}
          onChange={(event) => onChoice(event.target.value as TExpiryChoice)}
        >
          {Object.entries(choices).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {choice === "date" ? (
        <label className={ui.field}>
          <span className={ui.label}>Last day it works</span>
          <input
            type="date"
            className={ui.input}
            name="expiryDate"
            min={today}
            value={date}
            onChange={(event) => onDate(event.target.value)}
            required
          />
        </label>
      ) : null}
    </div>
  );
}
