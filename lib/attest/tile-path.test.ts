import { describe, expect, test } from "vitest";
import { formatTilePath, parseTilePath, tileExists } from "./tile-path";

const parse = (path: string) => parseTilePath(path.split("/"));

describe("tile paths", () => {
  test("indices in groups of three digits, x-prefixed but the last; partial tiles with .p/W", () => {
    expect(parse("0/000")).toEqual({ level: 0, index: 0, width: 256 });
    expect(parse("1/x001/x234/067")).toEqual({ level: 1, index: 1234067, width: 256 });
    expect(parse("0/005.p/17")).toEqual({ level: 0, index: 5, width: 17 });
    expect(parse("entries/x001/000.p/255")).toEqual({ level: "entries", index: 1000, width: 255 });
    for (const tile of [
      { level: 0, index: 0, width: 256 },
      { level: 2, index: 1234067, width: 3 },
      { level: "entries" as const, index: 1000, width: 256 },
    ]) {
      expect(parse(formatTilePath(tile).slice("tile/".length))).toEqual(tile);
    }
    expect(formatTilePath({ level: 1, index: 1234067, width: 256 })).toBe("tile/1/x001/x234/067");
  });

  test("anything else is not a tile path", () => {
    for (const path of [
      "0",
      "00/000",
      "64/000",
      "0/5",
      "0/0005",
      "0/x005",
      "0/005/006",
      "0/x000/005",
      "0/005.p/0",
      "0/005.p/256",
      "0/005.p/017",
      "0/005.p/",
      "hashes/000",
      "0/00a",
    ]) {
      expect(parse(path), path).toBeNull();
    }
  });

  test("a tile exists once the log holds every hash or entry it lists", () => {
    expect(tileExists({ level: 0, index: 0, width: 256 }, 255)).toBe(false);
    expect(tileExists({ level: 0, index: 0, width: 256 }, 256)).toBe(true);
    expect(tileExists({ level: 0, index: 1, width: 44 }, 300)).toBe(true);
    expect(tileExists({ level: 0, index: 1, width: 45 }, 300)).toBe(false);
    expect(tileExists({ level: 1, index: 0, width: 1 }, 255)).toBe(false);
    expect(tileExists({ level: 1, index: 0, width: 1 }, 256)).toBe(true);
    expect(tileExists({ level: "entries", index: 0, width: 200 }, 200)).toBe(true);
  });
});
