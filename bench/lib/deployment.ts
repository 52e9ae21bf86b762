import { rmSync } from "node:fs";
import path from "node:path";
import { startChildServer, type TChildServer } from "@/tests/support/child-server";
import {
  monotonicMicros,
  printTopSelfTime,
  profilesFolder,
  profilingOptions,
  type TSpan,
} from "./cpu-profile";
import { peakRssMb } from "./peak-rss";
import { stopServers } from "./processes";
import { serverCpuMs } from "./server-cpu";

export type TDeployment = {
  /** The process that serves the API. */
  baseUrl: string;
  description: string;
  /**
   * Starts measuring the CPU time (ms, all threads) of its processes; the function returned
   * ends the measurement and returns it. With `--profile`, the profiles printed at the stop keep
   * the samples of the measurements made after `profileFromNow`.
   */
  measureCpu: () => () => number;
  /** The measurements made from now on are the profiled ones (call it once warmed up). */
  profileFromNow: () => void;
  /** Peak resident memory so far (MB) of the API process and of the largest worker process. */
  peakRssMb: () => { api: number; worker: number };
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * The service as a benchmark runs it (`npm run build` first): one process serving the API with
 * BACKGROUND_WORK=off and BENCH_WORKERS (default 1) worker processes doing the background work,
 * as README → Operating recommends for a machine with more than one core; BENCH_WORKERS=0 is
 * one process doing both. Resolves once every worker has synced its functions. With `profile`
 * (`--profile`), each process writes a CPU profile into .data/bench/profiles/<profile>/ and
 * the stop prints the top functions by self time of the API process and of the workers, over
 * the CPU measurements made after `profileFromNow` (not the setup, nor the warm-up).
 */
export async function startDeployment(
  env: Record<string, string>,
  { profile }: { profile?: string } = {},
): Promise<TDeployment> {
  const workerCount = Number(process.env.BENCH_WORKERS ?? 1);
  const synced = (output: string) => output.includes("functions synced");
  const profiles = profile ? path.join(profilesFolder, profile) : undefined;
  const webRole = workerCount > 0 ? "api" : "api-and-worker";
  if (profiles) rmSync(profiles, { recursive: true, force: true });
  const profiled = (role: string): Record<string, string> =>
    profiles ? { NODE_OPTIONS: profilingOptions(path.join(profiles, role)) } : {};
  const web = await startChildServer({
    env: {
      ...(workerCount > 0 ? { ...env, BACKGROUND_WORK: "off" } : env),
      ...profiled(webRole),
    },
    ready: workerCount > 0 ? undefined : synced,
  });
  const workers: TChildServer[] = [];
  for (let i = 0; i < workerCount; i++)
    workers.push(await startChildServer({ env: { ...env, ...profiled("worker") }, ready: synced }));
  const all = [web, ...workers];
  const pid = (server: TChildServer) => server.process.pid ?? 0;
  const cpuMs = () => all.reduce((sum, server) => sum + serverCpuMs(pid(server)), 0);
  const spans: TSpan[] = [];
  let profiling = false;
  return {
    baseUrl: web.baseUrl,
    description:
      workerCount > 0
        ? `one API process (BACKGROUND_WORK=off) and ${workerCount} worker process${workerCount > 1 ? "es" : ""}`
        : "one process serving the API and doing the background work",
    measureCpu: () => {
      const startUs = monotonicMicros();
      const before = cpuMs();
      return () => {
        if (profiling) spans.push({ startUs, endUs: monotonicMicros() });
        return cpuMs() - before;
      };
    },
    profileFromNow: () => {
      profiling = true;
    },
    peakRssMb: () => ({
      api: peakRssMb(pid(web)),
      worker: Math.max(0, ...workers.map((worker) => peakRssMb(pid(worker)))),
    }),
    output: () => all.map((server) => server.output()).join("\n"),
    // Every process has exited before its database goes, so none logs lost connections.
    stop: async () => {
      await stopServers(all);
      if (!profiles) return;
      printTopSelfTime(`${profile}, API process`, path.join(profiles, webRole), spans);
      if (workerCount > 0)
        printTopSelfTime(`${profile}, worker processes`, path.join(profiles, "worker"), spans);
    },
  };
}
