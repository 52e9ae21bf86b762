import { median } from "./measure";

/**
 * Runs every named measurement once per round, in turn, for `rounds` rounds, and returns each
 * one's median: the host's speed drifts within minutes, and alternating makes the drift hit
 * every measurement alike, so their ratios hold where their absolute values do not. Every other
 * round runs them in reverse order, so that none always follows the same one (whose load, such
 * as PostgreSQL writing back its rows, can spill into the next round).
 */
export async function alternate<Name extends string>(
  rounds: number,
  measurements: Record<Name, () => Promise<number>>,
): Promise<Record<Name, number>> {
  const names = Object.keys(measurements) as Name[];
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) samples.get(name)!.push(await measurements[name]());
  }
  return Object.fromEntries(names.map((name) => [name, median(samples.get(name)!)])) as Record<
    Name,
    number
  >;
}
