import { and, between, eq, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { agentKeys, attestLogNodes, receipts } from "@/db/schema";
import {
  parseTilePath,
  receiptLogEntry,
  TILE_HEIGHT,
  TILE_WIDTH,
  type TTilePath,
  textLogEntry,
  tileExists,
} from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { addedKeyEntry, revokedKeyEntry } from "@/lib/receipts/agent-key-log";
import { logIdOf } from "@/lib/receipts/attest-log";
import { latestHead } from "./latest-head";

const noSuchTile = (path: string) =>
  new ApiError({ code: "not_found", message: `No tile '${path}' in this log.`, param: "path" });

/** The log's entries at leaves `first` to `last`, in leaf order: receipts' and agent keys'. */
async function logEntriesBetween(
  environment: TEnvironment,
  first: number,
  last: number,
): Promise<Uint8Array[]> {
  const receiptRows = await db
    .select({ logIndex: receipts.logIndex, attestHash: receipts.attestHash })
    .from(receipts)
    .where(and(eq(receipts.environment, environment), between(receipts.logIndex, first, last)));
  const keyRows = await db
    .select()
    .from(agentKeys)
    .where(
      and(
        eq(agentKeys.environment, environment),
        or(
          between(agentKeys.addedLogIndex, first, last),
          between(agentKeys.revokedLogIndex, first, last),
        ),
      ),
    );
  const byLeaf = new Map<number, Uint8Array>();
  for (const row of receiptRows) byLeaf.set(row.logIndex!, receiptLogEntry(row.attestHash));
  for (const row of keyRows) {
    const { addedLogIndex: added, revokedLogIndex: revoked } = row;
    if (added !== null && added >= first && added <= last)
      byLeaf.set(added, textLogEntry(addedKeyEntry(row)));
    if (revoked !== null && revoked >= first && revoked <= last)
      byLeaf.set(revoked, textLogEntry(revokedKeyEntry(row)));
  }
  return [...byLeaf.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}

/** The bytes of a tile: W hashes of 32 bytes, or W entries each after its uint16 length. */
async function tileBytes(environment: TEnvironment, tile: TTilePath): Promise<Buffer> {
  const first = tile.index * TILE_WIDTH;
  const last = first + tile.width - 1;
  if (tile.level === "entries") {
    const entries = await logEntriesBetween(environment, first, last);
    if (entries.length !== tile.width) throw new Error(`tile is missing stored entries`);
    return Buffer.concat(
      entries.flatMap((entry) => {
        const length = Buffer.alloc(2);
        length.writeUInt16BE(entry.length);
        return [length, Buffer.from(entry)];
      }),
    );
  }
  const rows = await db
    .select({ hash: attestLogNodes.hash })
    .from(attestLogNodes)
    .where(
      and(
        eq(attestLogNodes.logId, logIdOf(environment)),
        sql`${attestLogNodes.level} = ${tile.level * TILE_HEIGHT}`,
        between(attestLogNodes.idx, first, last),
      ),
    )
    .orderBy(attestLogNodes.idx);
  if (rows.length !== tile.width) throw new Error(`tile is missing stored nodes`);
  return Buffer.concat(rows.map((row) => row.hash));
}

/**
 * A tile of the environment's log as the C2SP layout serves it. Full tiles never change and are
 * cacheable for good; a partial tile is the log's growing edge, cached briefly.
 */
export async function readTile(environment: TEnvironment, segments: string[]): Promise<Response> {
  const path = segments.join("/");
  const tile = parseTilePath(segments);
  if (!tile) throw noSuchTile(path);
  const head = await latestHead(environment);
  if (!tileExists(tile, head.treeSize)) throw noSuchTile(path);
  const bytes = await tileBytes(environment, tile);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Cache-Control":
        tile.width === TILE_WIDTH ? "public, max-age=31536000, immutable" : "public, max-age=10",
    },
  });
}
