import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm run bench -- --profile …`: the sustained benchmarks start their processes with Node's
 * `--cpu-prof`, which writes a V8 CPU profile (`.cpuprofile`) into a folder when the process
 * exits; this reads them back as the functions that spent the most CPU themselves.
 */
export const profilesFolder = path.resolve(".data/bench/profiles");

/** NODE_OPTIONS that make a process write its profile into `folder` when it exits. */
export const profilingOptions = (folder: string) =>
  `--cpu-prof --cpu-prof-dir=${folder} --cpu-prof-interval=500`;

type TProfileNode = {
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type TProfile = { nodes: TProfileNode[]; startTime: number; endTime: number };

type TSelfTime = { name: string; ms: number; share: number };

/** Node's own and the build's chunk paths, shortened to what names the function's file. */
const where = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/\.next\/standalone\//, "")
    .replace(/^.*\/node_modules\//, "");

/**
 * The `count` functions with the most self time over every profile in `folder`, by name and
 * place; idle time is not CPU and is left out, (garbage collector) and (program) stay in.
 */
export function topSelfTime(folder: string, count = 10): TSelfTime[] {
  const byName = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as TProfile;
    const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
    const msPerHit = hits > 0 ? (profile.endTime - profile.startTime) / 1000 / hits : 0;
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      if (!node.hitCount || functionName === "(idle)") continue;
      const name = url
        ? `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}`
        : functionName;
      const ms = node.hitCount * msPerHit;
      byName.set(name, (byName.get(name) ?? 0) + ms);
      total += ms;
    }
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, share: total > 0 ? ms / total : 0 }));
}

export function printTopSelfTime(title: string, folder: string): void {
  console.log(`  ${title}: top functions by self time (share of the CPU sampled)`);
  for (const { name, ms, share } of topSelfTime(folder))
    console.log(
      `    ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(ms).toLocaleString("en-US").padStart(7)} ms  ${name}`,
    );
}
