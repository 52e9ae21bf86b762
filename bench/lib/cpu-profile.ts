import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm run bench -- --profile …`: the sustained benchmarks start their processes with Node's
 * `--cpu-prof`, which writes a V8 CPU profile (`.cpuprofile`) into a folder when the process
 * exits; this reads them back as the functions that spent the most CPU themselves while a
 * benchmark measured the service (its trials' spans).
 */
export const profilesFolder = path.resolve(".data/bench/profiles");

/** NODE_OPTIONS that make a process write its profile into `folder` when it exits. */
export const profilingOptions = (folder: string) =>
  `--cpu-prof --cpu-prof-dir=${folder} --cpu-prof-interval=500`;

type TProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
/**
 * A V8 CPU profile: `samples[i]` is the node running at sample i, taken `timeDeltas[i]` µs after
 * the one before; the first after `startTime`, µs of the monotonic clock that
 * `process.hrtime` reads too (every process on the machine shares it).
 */
type TProfile = {
  nodes: TProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** A span of the monotonic clock, µs, as `monotonicMicros` reads it. */
export type TSpan = { startUs: number; endUs: number };

/** Now, µs of the clock CPU profiles time their samples by. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

type TSelfTime = { name: string; ms: number; share: number };

/** Node's own and the build's chunk paths, shortened to what names the function's file. */
const where = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/\.next\/standalone\//, "")
    .replace(/^.*\/node_modules\//, "");

const nameOf = ({ callFrame: { functionName, url, lineNumber } }: TProfileNode) =>
  url ? `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}` : functionName;

/**
 * The `count` functions with the most self time over every profile in `folder`, by name and
 * place, counting only the samples taken within `spans` (the measured trials; every sample when
 * none is given). Idle time is not CPU and is left out, (garbage collector) and (program) stay in.
 */
export function topSelfTime(folder: string, spans: TSpan[], count = 10): TSelfTime[] {
  const byName = new Map<string, number>();
  let total = 0;
  const measured = (us: number) =>
    spans.length === 0 || spans.some((span) => us >= span.startUs && us <= span.endUs);
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as TProfile;
    const names = new Map(profile.nodes.map((node) => [node.id, nameOf(node)]));
    let at = profile.startTime;
    profile.samples.forEach((nodeId, index) => {
      const delta = profile.timeDeltas[index] ?? 0;
      at += delta;
      const name = names.get(nodeId);
      if (!name || name === "(idle)" || !measured(at)) return;
      byName.set(name, (byName.get(name) ?? 0) + delta / 1000);
      total += delta / 1000;
    });
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, share: total > 0 ? ms / total : 0 }));
}

export function printTopSelfTime(title: string, folder: string, spans: TSpan[]): void {
  console.log(`  ${title}: top functions by self time (share of the CPU sampled)`);
  for (const { name, ms, share } of topSelfTime(folder, spans))
    console.log(
      `    ${(share * 100).toFixed(1).padStart(5)}%  ${Math.round(ms).toLocaleString("en-US").padStart(7)} ms  ${name}`,
    );
}
