/*
 * Tile paths of the C2SP tlog-tiles layout (c2sp.org/tlog-tiles), tile height 8:
 *   tile/<L>/<N>[.p/<W>]        W hashes of tree level 8·L, nodes N·256 … N·256+W−1
 *   tile/entries/<N>[.p/<W>]    W log entries, leaves N·256 … N·256+W−1
 * <N> is written in groups of three digits, all but the last prefixed by "x"
 * (1234067 → x001/x234/067); a full tile has no ".p/<W>" suffix (W = 256).
 */

export const TILE_WIDTH = 256;
export const TILE_HEIGHT = 8;

export type TTilePath = { level: number | "entries"; index: number; width: number };

/** The tile a path names, or null when it is not a well-formed tile path. */
export function parseTilePath(segments: readonly string[]): TTilePath | null {
  const [levelText, ...rest] = segments;
  if (levelText === undefined || rest.length === 0) return null;
  let level: number | "entries";
  if (levelText === "entries") level = "entries";
  else if (/^(0|[1-9][0-9]?)$/.test(levelText) && Number(levelText) <= 63)
    level = Number(levelText);
  else return null;
  let width = TILE_WIDTH;
  let indexParts = rest;
  const partial = rest.at(-2)?.endsWith(".p") ? rest.at(-1) : undefined;
  if (partial !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(partial) || Number(partial) >= TILE_WIDTH) return null;
    width = Number(partial);
    indexParts = [...rest.slice(0, -2), rest.at(-2)!.slice(0, -2)];
  }
  if (indexParts.length > 5) return null;
  const last = indexParts.at(-1)!;
  const leading = indexParts.slice(0, -1);
  if (!/^[0-9]{3}$/.test(last) || !leading.every((part) => /^x[0-9]{3}$/.test(part))) return null;
  const digits = [...leading.map((part) => part.slice(1)), last].join("");
  if (leading.length > 0 && leading[0] === "x000") return null;
  const index = Number(digits);
  if (!Number.isSafeInteger(index)) return null;
  return { level, index, width };
}

/** The path of a tile, the inverse of parseTilePath. */
export function formatTilePath({ level, index, width }: TTilePath): string {
  const digits = String(index).padStart(3, "0");
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3)
    groups.unshift(digits.slice(Math.max(0, end - 3), end).padStart(3, "0"));
  const indexPath = groups
    .map((group, i) => (i < groups.length - 1 ? `x${group}` : group))
    .join("/");
  return `tile/${level}/${indexPath}${width < TILE_WIDTH ? `.p/${width}` : ""}`;
}

/** How many nodes of tree level 8·L a log of `treeSize` leaves has (complete subtrees only). */
export const nodesAtTileLevel = (level: number, treeSize: number): number =>
  Math.floor(treeSize / TILE_WIDTH ** level);

/**
 * Whether a log of `treeSize` leaves holds the tile: every hash (or entry) it lists exists. A
 * partial tile of a width the log has outgrown is still served: its bytes never change.
 */
export function tileExists(tile: TTilePath, treeSize: number): boolean {
  const available = tile.level === "entries" ? treeSize : nodesAtTileLevel(tile.level, treeSize);
  return tile.index * TILE_WIDTH + tile.width <= available;
}
