import { readFileSync } from "node:fs";

const children = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

const highWaterMb = (pid: number): number => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/**
 * The peak resident memory (VmHWM, MB) of a server process: the largest of the process and its
 * descendants, since the launcher may hand the serving to a child. Read it before the process
 * exits.
 */
export function peakRssMb(pid: number): number {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) tree.push(...children(tree[index]!));
  return Math.max(...tree.map(highWaterMb));
}
