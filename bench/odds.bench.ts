/** Exact odds throughput: `pairOdds` evaluations per second (bigint fractions), and the bots' float path. */
import { pairOdds, pairProbabilities, rollDistribution } from '../src/shared/engine/odds';
import type { RollerSpec } from '../src/shared/engine/odds';
import { CORE_RULESET } from '../src/shared/model/ruleset-defaults';
import { DICE } from '../src/shared/model/types';
import { fmt, median } from './bench-util';

const rate = (n: number, f: (i: number) => void): number => {
  const rates: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) f(i);
    rates.push(n / ((performance.now() - t) / 1000));
  }
  return median(rates);
};

/** Prints odds evaluations per second for plain dice, dice with roll effects, and floats. */
export async function run(): Promise<void> {
  const plain: RollerSpec[] = DICE.flatMap((die) => [0, 1, 2, 3].map((lost) => ({ die, lost })));
  const effects: RollerSpec[] = plain.map((r, i) => ({ ...r, reroll: i % 2 === 0, keepHighest: DICE[i % 6], rollModifier: (i % 3) - 1 }));
  const knobs = { ...CORE_RULESET, clash: { ...CORE_RULESET.clash, tie: 'reroll' as const } };
  const n = plain.length;
  const exact = rate(20_000, (i) => pairOdds(plain[i % n], plain[(i * 7) % n], CORE_RULESET));
  const exactTie = rate(20_000, (i) => pairOdds(plain[i % n], plain[(i * 7) % n], knobs));
  const withEffects = rate(5_000, (i) => pairOdds(effects[i % n], effects[(i * 7) % n], CORE_RULESET));
  const dists = plain.map((r) => rollDistribution(r, CORE_RULESET));
  const floats = rate(200_000, (i) => pairProbabilities(dists[i % n], dists[(i * 7) % n], 'standoff'));
  console.log(`odds: exact pairOdds, plain dice d4..d20 × lost 0..3, core: ${fmt(exact)} evaluations/s`);
  console.log(`odds: exact pairOdds, plain dice, tie: reroll: ${fmt(exactTie)} evaluations/s`);
  console.log(`odds: exact pairOdds with reroll + keepHighest + rollModifier: ${fmt(withEffects)} evaluations/s`);
  console.log(`odds: float pairProbabilities (bots, distributions cached): ${fmt(floats)} evaluations/s`);
}
