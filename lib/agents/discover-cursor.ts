import { cursorFields, cursorId, cursorTime, notOurCursor } from "@/lib/http/pagination";

/** Where a page of the ranking ended: the last row's score, creation time and id. */
export type TRankPosition = { score: number; createdAt: Date; id: string };

export function encodeRankCursor(position: TRankPosition): string {
  const fields = [position.score, position.createdAt.getTime(), position.id];
  return Buffer.from(JSON.stringify(fields)).toString("base64url");
}

export function decodeRankCursor(cursor: string): TRankPosition {
  const [score, time, id] = cursorFields(cursor);
  const createdAt = cursorTime(time);
  const position = cursorId(id);
  if (typeof score !== "number" || !Number.isFinite(score) || !createdAt || position === undefined)
    throw notOurCursor();
  return { score, createdAt, id: position };
}
