import { invalid } from "@/lib/http/api-error";

/** Where a page of the ranking ended: the last row's score, creation time and id. */
export type TRankPosition = { score: number; createdAt: Date; id: string };

export function encodeRankCursor(position: TRankPosition): string {
  const fields = [position.score, position.createdAt.getTime(), position.id];
  return Buffer.from(JSON.stringify(fields)).toString("base64url");
}

export function decodeRankCursor(cursor: string): TRankPosition {
  try {
    const [score, time, id] = JSON.parse(
      Buffer.from(cursor, "base64url").toString("utf8"),
    ) as unknown[];
    if (
      typeof score === "number" &&
      Number.isFinite(score) &&
      typeof time === "number" &&
      Number.isFinite(time) &&
      typeof id === "string"
    ) {
      return { score, createdAt: new Date(time), id };
    }
  } catch {
    // fall through to the error below
  }
  throw invalid("The cursor is not one this API returned.", "cursor");
}
