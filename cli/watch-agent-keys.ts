import {
  agentHashOf,
  appendLeaves,
  createMemoryNodeStore,
  formatTilePath,
  readAgentKeyEntry,
  TILE_WIDTH,
  type TTreeHead,
  toHashHex,
  treeRoot,
} from "@/lib/attest";
import type { TCheck } from "./check-log";

/** The entries of a C2SP entry bundle: each after its big-endian uint16 length. */
const readEntryBundle = (bytes: Uint8Array, url: URL): Uint8Array[] => {
  const entries: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (at + 2 > bytes.length) throw new Error(`${url}: truncated entry bundle`);
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (at + 2 + length > bytes.length) throw new Error(`${url}: truncated entry bundle`);
    entries.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return entries;
};

/** Every entry of the log at `root` up to `treeSize`, read from its entry tiles. */
async function readEntries(root: string, treeSize: number): Promise<Uint8Array[]> {
  const entries: Uint8Array[] = [];
  for (let index = 0; index * TILE_WIDTH < treeSize; index++) {
    const width = Math.min(TILE_WIDTH, treeSize - index * TILE_WIDTH);
    const url = new URL(`attest/log/${formatTilePath({ level: "entries", index, width })}`, root);
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`entries: ${url} answered ${response.status}`);
    const bundle = readEntryBundle(new Uint8Array(await response.arrayBuffer()), url);
    if (bundle.length !== width) throw new Error(`${url}: ${bundle.length} entries, not ${width}`);
    entries.push(...bundle);
  }
  return entries;
}

/**
 * The agent key entries of `agents` in the log `latest` signs, from leaf `from` on: every
 * entry of the log is read from its tiles and the tree rebuilt, so an entry the log hides from
 * this monitor changes the root and fails `entries`. A key added that is not in `expectedKeys`
 * (when given) fails: someone else registered a key for the agent.
 */
export async function watchAgentKeys({
  root,
  latest,
  from,
  agents,
  expectedKeys,
}: {
  root: string;
  latest: TTreeHead;
  from: number;
  agents: readonly string[];
  expectedKeys: readonly string[];
}): Promise<TCheck[]> {
  const entries = await readEntries(root, latest.treeSize);
  const { store } = createMemoryNodeStore();
  const appended = await appendLeaves({ store, size: 0, entries });
  await store.put(appended.nodes);
  const rebuilt = toHashHex(await treeRoot({ store, size: latest.treeSize }));
  if (rebuilt !== latest.rootHash) {
    return [
      {
        ok: false,
        name: "entries",
        detail: `the ${latest.treeSize} entries served hash to ${rebuilt}, not the signed root`,
      },
    ];
  }
  const checks: TCheck[] = [
    { ok: true, name: "entries", detail: `${latest.treeSize} entries rebuild the signed root` },
  ];
  const watched = new Map(agents.map((agentId) => [agentHashOf(agentId), agentId]));
  const decoder = new TextDecoder("utf-8", { fatal: false });
  for (let leaf = from; leaf < entries.length; leaf++) {
    const entry = entries[leaf]!;
    if (entry.length === 32) continue; // a receipt's attestHash
    const key = readAgentKeyEntry(decoder.decode(entry));
    const agentId = key && watched.get(key.agentHash);
    if (!key || !agentId) continue;
    const unexpected =
      key.action === "add" && expectedKeys.length > 0 && !expectedKeys.includes(key.keyId);
    checks.push({
      ok: !unexpected,
      name: "agent key",
      detail: `${agentId}: ${key.action} ${key.keyId} at ${key.at} (leaf ${leaf})${unexpected ? ", a key you did not expect" : ""}`,
    });
  }
  return checks;
}
