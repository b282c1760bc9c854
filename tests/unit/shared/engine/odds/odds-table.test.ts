import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CORE_RULESET } from '../../../../../src/shared/model/ruleset-defaults';
import type { DieName, RulesetKnobs } from '../../../../../src/shared/model/types';
import { DICE } from '../../../../../src/shared/model/types';
import { PairOddsTable, pairCounts, pairOdds, pairProbabilities, rollDistribution, toNumber } from '../../../../../src/shared/engine/odds';
import type { PairKnobs, RollDistribution, RollerSpec } from '../../../../../src/shared/engine/odds';

type Tie = RulesetKnobs['clash']['tie'];
const TIES: Tie[] = ['standoff', 'attacker', 'defender', 'bothDamaged', 'reroll'];

const knobsWith = (tie: Tie, cappedRoll: RulesetKnobs['damage']['cappedRoll'] = 'clamp'): PairKnobs => ({
  damage: { ...CORE_RULESET.damage, cappedRoll },
  captain: { lastStandMaxRoll: CORE_RULESET.captain.lastStandMaxRoll },
  clash: { tie },
});

const roller = fc.record({
  die: fc.constantFrom<DieName>(...DICE),
  lost: fc.integer({ min: 0, max: 12 }),
  lastStand: fc.boolean(),
  rollModifier: fc.integer({ min: -4, max: 4 }),
  keepHighest: fc.option(fc.constantFrom<DieName>(...DICE), { nil: undefined }),
  reroll: fc.boolean(),
  dieOverride: fc.option(fc.constantFrom<DieName>(...DICE), { nil: undefined }),
});

/** The O(sides³) counting of one roll with `reroll: once` before issue 13, kept as the reference. */
const cubicCounts = (a: RollDistribution, b: RollDistribution, rerollA: boolean, rerollB: boolean, tie: Tie): { higher: number; equal: number; total: number } => {
  const bBelow = (v: number): number => b.weights.slice(0, v).reduce((s, w) => s + (w ?? 0), 0);
  const sa = rerollA ? a.total : 1;
  const sb = rerollB ? b.total : 1;
  let higher = 0;
  let equal = 0;
  const against = (a1: number, b0: number, x: number): void => {
    if (rerollB && (b0 < a1 || (b0 === a1 && tie !== 'defender'))) {
      higher += x * bBelow(a1);
      equal += x * (b.weights[a1] ?? 0);
    } else if (a1 > b0) higher += x * sb;
    else if (a1 === b0) equal += x * sb;
  };
  for (let a0 = 1; a0 < a.weights.length; a0++)
    for (let b0 = 1; b0 < b.weights.length; b0++) {
      const x = a.weights[a0]! * b.weights[b0]!;
      if (x === 0) continue;
      if (rerollA && (a0 < b0 || (a0 === b0 && tie !== 'attacker'))) {
        for (let a1 = 1; a1 < a.weights.length; a1++) against(a1, b0, x * a.weights[a1]!);
      } else against(a0, b0, x * sa);
    }
  return { higher, equal, total: a.total * b.total * sa * sb };
};

describe('float pair odds for bots (issue 13 item 3)', () => {
  it('R11 reroll: pairCounts in O(sides²) gives exactly the counts of the direct O(sides³) count', () => {
    fc.assert(
      fc.property(roller, roller, fc.constantFrom(...TIES), fc.constantFrom<'clamp' | 'reroll'>('clamp', 'reroll'), (a, b, tie, capped) => {
        const k = knobsWith(tie, capped);
        const da = rollDistribution(a, k);
        const db = rollDistribution(b, k);
        const got = pairCounts(da, db, a.reroll, b.reroll, tie);
        expect({ higher: got.higher, equal: got.equal, total: got.total }).toEqual(cubicCounts(da, db, a.reroll, b.reroll, tie));
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it('R4.3 every tie knob, R1.5 both capped rolls, R11 roll effects: the table agrees with the exact odds', () => {
    fc.assert(
      fc.property(roller, roller, fc.constantFrom(...TIES), fc.constantFrom<'clamp' | 'reroll'>('clamp', 'reroll'), (a, b, tie, capped) => {
        const k = knobsWith(tie, capped);
        const exact = pairOdds(a, b, k);
        const got = new PairOddsTable(k).odds(a, b);
        expect(got.attackerWins).toBeCloseTo(toNumber(exact.attackerWins), 12);
        expect(got.defenderWins).toBeCloseTo(toNumber(exact.defenderWins), 12);
        expect(got.tie).toBeCloseTo(toNumber(exact.tie), 12);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('memoises: rollers with the same die, max roll and effects share one distribution, and a pair is computed once', () => {
    const table = new PairOddsTable(knobsWith('reroll'));
    // d10 with 1 lost Health and a d10 override with 1 lost Health: same sides and max roll (R1.4).
    const a = table.rollerId({ die: 'd10', lost: 1 });
    expect(table.rollerId({ die: 'd4', dieOverride: 'd10', lost: 1 })).toBe(a);
    expect(table.rollerId({ die: 'd10', lost: 2 })).not.toBe(a);
    // d4 can't drop below the floor: lost 3 and lost 9 both cap it at 1.
    expect(table.rollerId({ die: 'd4', lost: 3 })).toBe(table.rollerId({ die: 'd4', lost: 9 }));
    const first = table.odds({ die: 'd10', lost: 1, reroll: true }, { die: 'd8', keepHighest: 'd6' });
    expect(table.odds({ die: 'd10', lost: 1, reroll: true }, { die: 'd8', keepHighest: 'd6' })).toBe(first);
    expect(table.odds({ die: 'd10', lost: 1 }, { die: 'd8', keepHighest: 'd6' })).not.toBe(first);
  });

  it('gives the same numbers as pairProbabilities on the same distributions (what the bots played before)', () => {
    const k = knobsWith('reroll', 'reroll');
    const table = new PairOddsTable(k);
    for (const a of DICE)
      for (const b of DICE)
        for (const lost of [0, 1, 2]) {
          const ra: RollerSpec = { die: a, lost, reroll: lost === 1 };
          const rb: RollerSpec = { die: b, keepHighest: lost === 2 ? 'd6' : undefined, rollModifier: lost - 1 };
          expect(table.odds(ra, rb)).toEqual(pairProbabilities(rollDistribution(ra, k), rollDistribution(rb, k), 'reroll', ra.reroll, false));
        }
  });

  it('R6.2 a group roll is the highest of its members plus the bonus, whatever their order', () => {
    const k = knobsWith('standoff');
    const table = new PairOddsTable(k);
    const ids = [table.rollerId({ die: 'd6' }), table.rollerId({ die: 'd8', lost: 1 }), table.rollerId({ die: 'd4' })];
    const g = table.groupId(ids, 1);
    expect(table.groupId([ids[2]!, ids[0]!, ids[1]!], 1)).toBe(g);
    const d = table.distribution(g);
    // Highest of d6, d8 capped at 6 (clamp), d4, then +1: never below 2, at most 7.
    expect(d.weights.slice(0, 2).every((w) => w === 0)).toBe(true);
    expect(d.weights.length - 1).toBe(7);
    expect(d.total).toBe(6 * 8 * 4);
    expect(table.atLeast(g, 2)).toBe(1);
  });
});
