import { median } from "./measure";
import type { TSettings } from "./settings";

/** One offered rate held for a period: what was sent, what came back, and how fast. */
export type TTrial = {
  rate: number;
  count: number;
  completed: number;
  /** ms since the trial began: the last item offered, and the last one done. */
  lastSentMs: number;
  lastDoneMs: number;
  p50: number;
  p99: number;
  /** CPU time (ms, every process of the service) per item, from the first offered to the last done. */
  cpuMsPerItem: number;
};

/**
 * Whether a trial kept up with its rate: every item done, the last within a second (plus
 * `holdMs`, how long the service may hold a last item by design) of the last one offered (a
 * paced run cannot finish sooner), and p99 under the bound.
 */
const keptUp = (trial: TTrial, maxP99Ms: number, holdMs: number) =>
  trial.completed === trial.count &&
  trial.lastDoneMs - trial.lastSentMs < 1000 + holdMs &&
  trial.p99 < maxP99Ms;

/**
 * A rate under what a trial that fell behind did finish: 0.9 of its items done per second up to
 * its last. A search that starts far above the service's rate reaches it in a step or two, where
 * lowering by the search factor alone could spend every step above it.
 */
const below = (trial: TTrial) =>
  Math.round((0.9 * trial.completed) / Math.max(trial.lastDoneMs / 1000, 1));

/**
 * The highest offered rate a service keeps up with. A floor round comes before the search and
 * after each trial, so floor and trials alternate and the floor is their median. The first rate
 * is `settings.searchStart` of the goal's rate (floor × `goalRatio`); a rate kept up with is
 * raised by `settings.searchFactor` until one fails or the steps run out, and a failure before
 * any success lowers it by the same factor, or to `below` what that trial finished if lower. After a success, a rate ends the search only when it
 * falls behind twice in a row: one pause of this shared host can spoil a trial of a rate the
 * service keeps up with. Every trial counts as a step. `startRate`, when given, is the first
 * rate instead (a comparison starts where the other side's search ended).
 */
export async function searchSustainedRate(options: {
  settings: TSettings;
  goalRatio: number;
  startRate?: number;
  maxP99Ms: number;
  /** How long the service may hold the last item by design (a batch waiting out its timeout). */
  holdMs?: number;
  floorRound: () => Promise<number>;
  trial: (rate: number) => Promise<TTrial>;
}): Promise<{ rate: number; floor: number; best?: TTrial }> {
  const { settings, maxP99Ms } = options;
  const floors = [await options.floorRound()];
  let rate =
    options.startRate ||
    Math.max(1, Math.round(floors[0]! * options.goalRatio * settings.searchStart));
  let best: TTrial | undefined;
  let fellBehindOnce = false;
  for (let step = 0; step < settings.searchSteps; step++) {
    const trial = await options.trial(rate);
    floors.push(await options.floorRound());
    const ok = keptUp(trial, maxP99Ms, options.holdMs ?? 0);
    console.log(
      `  ${rate}/s for ${(trial.count / rate).toFixed(0)} s: ${trial.completed}/${trial.count} done, p50 ${trial.p50} ms, p99 ${trial.p99} ms, last ${trial.lastDoneMs - trial.lastSentMs} ms after the last sent: ${ok ? "kept up" : best && !fellBehindOnce ? "fell behind, offered again" : "fell behind"} (floor ${Math.round(floors.at(-1)!)} req/s)`,
    );
    if (ok) {
      best = trial;
      fellBehindOnce = false;
      rate = Math.max(rate + 1, Math.round(rate * settings.searchFactor));
    } else if (!best)
      rate = Math.max(1, Math.min(Math.round(rate / settings.searchFactor), below(trial)));
    else if (fellBehindOnce) break;
    else fellBehindOnce = true;
  }
  if (!best) console.log("  no rate tried was kept up with");
  return { rate: best?.rate ?? 0, floor: median(floors), best };
}
