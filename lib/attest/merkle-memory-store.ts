import { equalBytes } from "./bytes";
import type { TNodeKey, TNodeStore, TStoredNode } from "./merkle-log";

/**
 * An in-memory TNodeStore (tests, benchmarks, and nodes a caller read beforehand); counts the
 * nodes it was asked for.
 */
export const createMemoryNodeStore = () => {
  const nodes = new Map<string, Uint8Array>();
  const stats = { getCalls: 0, nodesRead: 0, nodesWritten: 0 };
  const id = ({ level, index }: TNodeKey) => `${level}:${index}`;

  const store: TNodeStore = {
    get: async (keys) => {
      stats.getCalls += 1;
      stats.nodesRead += keys.length;
      return keys.map((key) => nodes.get(id(key)));
    },
    put: async (written: readonly TStoredNode[]) => {
      for (const node of written) {
        const key = id(node);
        const existing = nodes.get(key);
        // Complete subtrees never change; a different value means a bug or a rewritten log.
        if (existing && !equalBytes(existing, node.hash)) {
          throw new Error(`Merkle node ${key} already stored with a different hash`);
        }
        nodes.set(key, node.hash);
      }
      stats.nodesWritten += written.length;
    },
  };
  return { store, stats, nodes };
};
