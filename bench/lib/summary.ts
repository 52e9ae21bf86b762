import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { TFigure } from "./figure";

const SUMMARY = ".data/bench/summary.json";

const number = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(2);

/** The run's figures as one table, each figure's details beneath it. */
export function printSummary(figures: TFigure[], note: string): void {
  const rows = figures.map((f) => [
    f.name,
    `${number(f.value)} ${f.unit}`,
    f.floor === null ? "—" : number(f.floor),
    f.ratio === null ? "—" : f.ratio.toFixed(3),
    f.goal,
    f.met ? "met" : "NOT met",
  ]);
  const header = ["figure", "value", "floor", "ratio", "goal", ""];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
  console.log(`\n${note}\n`);
  console.log(line(header));
  figures.forEach((f, index) => {
    console.log(line(rows[index]!));
    for (const [name, value] of Object.entries(f.details ?? {}))
      console.log(`    ${name}: ${number(value)}`);
  });
}

/**
 * Writes the figures to `.data/bench/summary.json`, keeping figures of earlier runs that this
 * run did not measure (a filtered run updates its own lines only).
 */
export function writeSummary(figures: TFigure[]): string {
  const earlier: TFigure[] = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, "utf8")) : [];
  const measured = new Set(figures.map((f) => f.name));
  const merged = [...earlier.filter((f) => !measured.has(f.name)), ...figures];
  mkdirSync(".data/bench", { recursive: true });
  writeFileSync(SUMMARY, `${JSON.stringify(merged, null, 2)}\n`);
  return SUMMARY;
}
