import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CORE_RULESET } from '../../../../../src/shared/model/ruleset-defaults';
import type { DieName, RulesetKnobs } from '../../../../../src/shared/model/types';
import { DICE } from '../../../../../src/shared/model/types';
import { pairOdds, rational, toFraction, toNumber, add, eq, mul, sub, ONE, ZERO } from '../../../../../src/shared/engine/odds';
import type { PairKnobs, Rational, RollerSpec } from '../../../../../src/shared/engine/odds';

type Tie = RulesetKnobs['clash']['tie'];
type Capped = RulesetKnobs['damage']['cappedRoll'];

const knobsWith = (tie: Tie, cappedRoll: Capped = 'clamp', extra: Partial<RulesetKnobs['damage']> = {}): PairKnobs => ({
  damage: { ...CORE_RULESET.damage, cappedRoll, ...extra },
  captain: { lastStandMaxRoll: CORE_RULESET.captain.lastStandMaxRoll },
  clash: { tie },
});

const sides = (d: DieName): number => Number(d.slice(1));

/** Every equally likely outcome of physically rolling one die under a cap, as a list of results. */
const facesOf = (die: DieName, cap: number, capped: Capped): number[] => {
  const s = sides(die);
  const c = Math.min(s, cap);
  if (capped === 'reroll') return Array.from({ length: c }, (_, i) => i + 1);
  return Array.from({ length: s }, (_, i) => Math.min(i + 1, c));
};

/** Brute force: every equally likely result of one roll (main die and keepHighest die), modifier applied. */
const bruteRoll = (r: RollerSpec, k: PairKnobs): number[] => {
  const lost = r.lost ?? 0;
  const capOf = (d: DieName): number => {
    let cap = r.lastStand ? k.captain.lastStandMaxRoll : sides(d) - k.damage.maxRollStep * lost;
    if (!r.lastStand) cap = Math.max(cap, k.damage.maxRollFloor);
    return Math.max(1, Math.min(cap, sides(d)));
  };
  const die = r.dieOverride ?? r.die;
  let once: number[] = facesOf(die, capOf(die), k.damage.cappedRoll);
  if (r.keepHighest !== undefined) {
    const extra = facesOf(r.keepHighest, capOf(r.keepHighest), k.damage.cappedRoll);
    once = once.flatMap((a) => extra.map((b) => Math.max(a, b)));
  }
  const m = r.rollModifier ?? 0;
  return once.map((v) => Math.max(1, v + m));
};

/** Plays every combination of first rolls and reroll dice literally, as the engine's resolve does. */
const bruteFirstRoll = (a: RollerSpec, b: RollerSpec, k: PairKnobs, useRerolls: boolean): [Rational, Rational, Rational] => {
  const as = bruteRoll(a, k);
  const bs = bruteRoll(b, k);
  const ra = useRerolls && a.reroll === true;
  const rb = useRerolls && b.reroll === true;
  const aRe = ra ? as : [0];
  const bRe = rb ? bs : [0];
  let win = 0;
  let lose = 0;
  let tie = 0;
  for (const a0 of as)
    for (const b0 of bs)
      for (const ar of aRe)
        for (const br of bRe) {
          // A side rerolls when losing, or tied unless the ruleset awards it the tie (R11, R4.3).
          const a1 = ra && (a0 < b0 || (a0 === b0 && k.clash.tie !== 'attacker')) ? ar : a0;
          const b1 = rb && (b0 < a1 || (b0 === a1 && k.clash.tie !== 'defender')) ? br : b0;
          if (a1 > b1) win++;
          else if (a1 < b1) lose++;
          else tie++;
        }
  const n = win + lose + tie;
  return [rational(win, n), rational(lose, n), rational(tie, n)];
};

const bruteOdds = (a: RollerSpec, b: RollerSpec, k: PairKnobs) => {
  const [p, q, t] = bruteFirstRoll(a, b, k, true);
  if (k.clash.tie === 'attacker') return { attackerWins: add(p, t), defenderWins: q, tie: ZERO };
  if (k.clash.tie === 'defender') return { attackerWins: p, defenderWins: add(q, t), tie: ZERO };
  if (k.clash.tie !== 'reroll') return { attackerWins: p, defenderWins: q, tie: t };
  // A tie rolls both dice again (no reroll effects), at most 10 times, tracking the still-tied mass.
  const [p2, q2, t2] = bruteFirstRoll(a, b, k, false);
  let still: Rational = t;
  let aw: Rational = p;
  let dw: Rational = q;
  for (let roll = 0; roll < 10; roll++) {
    aw = add(aw, mul(still, p2));
    dw = add(dw, mul(still, q2));
    still = mul(still, t2);
  }
  return { attackerWins: aw, defenderWins: dw, tie: still };
};

const expectSame = (a: RollerSpec, b: RollerSpec, k: PairKnobs): void => {
  const got = pairOdds(a, b, k);
  const want = bruteOdds(a, b, k);
  expect(toFraction(got.attackerWins)).toBe(toFraction(want.attackerWins));
  expect(toFraction(got.defenderWins)).toBe(toFraction(want.defenderWins));
  expect(toFraction(got.tie)).toBe(toFraction(want.tie));
  expect(eq(add(add(got.attackerWins, got.defenderWins), got.tie), ONE)).toBe(true);
};

describe('exact pair odds vs brute-force enumeration', () => {
  const ties: Tie[] = ['standoff', 'attacker', 'defender', 'bothDamaged', 'reroll'];
  for (const capped of ['clamp', 'reroll'] as Capped[]) {
    for (const tie of ties) {
      it(`R1.4/R1.5 (${capped}) R4.2/R4.3 (${tie}): every die pair d4..d20 × lost Health 0..3`, () => {
        const k = knobsWith(tie, capped);
        for (const da of DICE)
          for (const db of DICE)
            for (let la = 0; la <= 3; la++)
              for (let lb = 0; lb <= 3; lb++) expectSame({ die: da, lost: la }, { die: db, lost: lb }, k);
      });
    }
  }

  it('R1.4 honours maxRollStep and maxRollFloor', () => {
    const k = knobsWith('standoff', 'clamp', { maxRollStep: 3, maxRollFloor: 2 });
    for (const da of DICE) for (let la = 0; la <= 3; la++) expectSame({ die: da, lost: la }, { die: 'd8', lost: 1 }, k);
  });

  it('R7.2 Last Stand rolls with max roll captain.lastStandMaxRoll', () => {
    const k = knobsWith('standoff');
    const got = pairOdds({ die: 'd12', lastStand: true }, { die: 'd4' }, k);
    // d12 capped at 2 → 1 (1/12), 2 (11/12); vs d4: wins only 2 vs 1.
    expect(toFraction(got.attackerWins)).toBe('11/48');
    expectSame({ die: 'd12', lastStand: true }, { die: 'd4' }, k);
  });

  it('R11 roll effects (rollModifier, keepHighest, reroll, dieOverride) match enumeration', () => {
    const small: DieName[] = ['d4', 'd6', 'd8'];
    const roller = fc.record({
      die: fc.constantFrom(...small),
      lost: fc.integer({ min: 0, max: 3 }),
      lastStand: fc.boolean(),
      rollModifier: fc.integer({ min: -3, max: 3 }),
      keepHighest: fc.option(fc.constantFrom(...small), { nil: undefined }),
      reroll: fc.boolean(),
      dieOverride: fc.option(fc.constantFrom(...small), { nil: undefined }),
    });
    fc.assert(
      fc.property(roller, roller, fc.constantFrom(...ties), fc.constantFrom<Capped>('clamp', 'reroll'), (a, b, tie, capped) => {
        expectSame(a, b, knobsWith(tie, capped));
      }),
      { numRuns: 60, seed: 1234 },
    );
  });

  it('R4.2 d6 vs d6 on core: 5/12 each, 1/6 tie', () => {
    const got = pairOdds({ die: 'd6' }, { die: 'd6' }, knobsWith('standoff'));
    expect(toFraction(got.attackerWins)).toBe('5/12');
    expect(toFraction(got.tie)).toBe('1/6');
    expect(toNumber(got.attackerWins)).toBeCloseTo(5 / 12, 12);
    expect(toFraction(sub(ONE, got.tie))).toBe('5/6');
  });
});
