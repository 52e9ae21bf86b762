import { readFileSync } from "node:fs";

/** CPU time (user + system, ms, all threads) a process has used so far, from /proc. */
export function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
