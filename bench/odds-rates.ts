/** Pair odds per second in each ruleset: the bots' float odds (memoised) and cold computations. */
import { PairOddsTable, pairProbabilities, rollDistribution } from '../src/shared/engine/odds';
import type { PairKnobs, RollerSpec } from '../src/shared/engine/odds';
import { coreKnobs } from '../src/shared/engine/ruleset';
import type { RulesetKnobs } from '../src/shared/model/types';
import { DICE } from '../src/shared/model/types';
import { steadyRate } from './bench-util';

/** Rulesets of the benchmark: name, knob changes, and whether the rollers carry roll effects. */
const RULESETS: [string, (k: RulesetKnobs) => void, boolean][] = [
  ['core (standoff)', () => undefined, false],
  ['tie: attacker', (k) => void (k.clash.tie = 'attacker'), false],
  ['grim-reach (defender)', (k) => Object.assign(k.clash, { tie: 'defender' }) && Object.assign(k.damage, { cappedRoll: 'reroll' }), false],
  ['tie: bothDamaged', (k) => void (k.clash.tie = 'bothDamaged'), false],
  ['tie: reroll', (k) => void (k.clash.tie = 'reroll'), false],
  ['roll effects', () => undefined, true],
  ['tie: reroll + effects', (k) => void (k.clash.tie = 'reroll'), true],
];

/** Every die × lost 0..3 × Last Stand; with effects, a mix of reroll, keepHighest and rollModifier. */
const rollers = (effects: boolean): RollerSpec[] => {
  const plain: RollerSpec[] = DICE.flatMap((die) => [0, 1, 2, 3].map((lost) => ({ die, lost })));
  plain.push(...DICE.map((die) => ({ die, lastStand: true })));
  if (!effects) return plain;
  return plain.map((r, i) => ({ ...r, reroll: i % 2 === 0, keepHighest: i % 3 === 0 ? DICE[i % 6] : undefined, rollModifier: (i % 3) - 1 }));
};

/** One line per ruleset: memoised (the bots' path) and cold (distributions and pair computed each time) pair odds per second. */
export function oddsRates(): { ruleset: string; memoised: number; cold: number }[] {
  return RULESETS.map(([ruleset, change, effects]) => {
    const knobs = coreKnobs();
    change(knobs);
    const specs = rollers(effects);
    const n = specs.length;
    const pk: PairKnobs = knobs;
    let sink = 0;
    let i = 0;
    const cold = steadyRate((k) => {
      for (let j = 0; j < k; j++, i++) {
        const a = specs[i % n]!;
        const b = specs[(i * 7 + 3) % n]!;
        sink += pairProbabilities(rollDistribution(a, pk), rollDistribution(b, pk), knobs.clash.tie, a.reroll, b.reroll).attackerWins;
      }
    }, { batchCpu: 0.1, minWarmCpu: 0.3, maxWarmCpu: 3 });
    const memo = memoisedOdds(knobs);
    const memoised = steadyRate((k) => {
      for (let j = 0; j < k; j++, i++) sink += memo(specs[i % n]!, specs[(i * 7 + 3) % n]!);
    }, { batchCpu: 0.1, minWarmCpu: 0.3, maxWarmCpu: 3 });
    if (sink === -1) console.log('');
    return { ruleset, memoised: 1 / memoised.cpuPerItem, cold: 1 / cold.cpuPerItem };
  });
}

/** The bots' memoised float odds for these knobs (attacker win probability). */
const memoisedOdds = (knobs: RulesetKnobs): ((a: RollerSpec, b: RollerSpec) => number) => {
  const table = new PairOddsTable(knobs);
  return (a, b) => table.odds(a, b).attackerWins;
};
