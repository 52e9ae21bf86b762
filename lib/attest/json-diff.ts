export type TDiffEntry = { path: string; recorded: unknown; replayed: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every leaf where two JSON values differ, as `a.b[2].c` paths, in a stable order. */
export const jsonDiff = (recorded: unknown, replayed: unknown, path = "$"): TDiffEntry[] => {
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    const entries: TDiffEntry[] = [];
    const length = Math.max(recorded.length, replayed.length);
    for (let i = 0; i < length; i++) {
      entries.push(...jsonDiff(recorded[i], replayed[i], `${path}[${i}]`));
    }
    return entries;
  }
  if (isObject(recorded) && isObject(replayed)) {
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(replayed)])].sort();
    return keys.flatMap((key) => jsonDiff(recorded[key], replayed[key], `${path}.${key}`));
  }
  if (recorded === replayed) return [];
  return [{ path, recorded: recorded ?? null, replayed: replayed ?? null }];
};
