import type { RulesetKnobs } from '../../model/types';
import { ONE, ZERO, add, mul, rational } from './rational';
import type { Rational } from './rational';
import { rollDistribution } from './roll-distribution';
import type { RollDistribution, RollKnobs, RollerSpec } from './roll-distribution';

/** Knobs that decide one defended pair: the roll knobs plus `clash.tie` (R4.3). */
export type PairKnobs = RollKnobs & { clash: Pick<RulesetKnobs['clash'], 'tie'> };

/** Exact outcome probabilities of one defended pair; they always sum to 1. */
export interface PairOdds {
  attackerWins: Rational;
  defenderWins: Rational;
  /** Nothing decided: a standoff, `bothDamaged`, or a `reroll` tie still tied after 10 rerolls. */
  tie: Rational;
}

/** Outcome counts of one roll of the pair, out of `total` equally likely outcomes (exact integers). */
export interface PairCounts {
  higher: number;
  lower: number;
  equal: number;
  total: number;
}

/** Most times a tied pair is rolled again under `clash.tie: reroll` (R4.3). */
export const MAX_TIE_REROLLS = 10;

/**
 * Counts one roll of the pair, with the engine's `reroll: once` policy (R11): after both dice
 * are rolled, an attacker with `reroll` rerolls when its result is lower than the defender's,
 * or equal unless `clash.tie` awards ties to the attacker; then a defender with `reroll` does the
 * same against the attacker's (current) result. Each keeps its new roll.
 */
export const pairCounts = (
  a: RollDistribution,
  b: RollDistribution,
  rerollA = false,
  rerollB = false,
  tie: RulesetKnobs['clash']['tie'] = 'standoff',
): PairCounts => {
  const va = a.weights.length;
  const vb = b.weights.length;
  const len = Math.max(va, vb) + 1;
  const bBelow = new Array<number>(len).fill(0); // weight of b strictly below v
  for (let v = 1; v < len; v++) bBelow[v] = bBelow[v - 1] + (b.weights[v - 1] ?? 0);
  const sa = rerollA ? a.total : 1;
  const sb = rerollB ? b.total : 1;
  let higher = 0;
  let equal = 0;
  if (!rerollA && !rerollB) {
    for (let v = 1; v < va; v++) {
      higher += a.weights[v] * bBelow[v];
      equal += a.weights[v] * (b.weights[v] ?? 0);
    }
    const total = a.total * b.total;
    return { higher, lower: total - higher - equal, equal, total };
  }
  // Outcome weights of a final attacker result a1 against a defender whose first roll was b0:
  // the defender rerolls (rerollB) when it is not winning, else the pair is decided as rolled.
  let h = 0;
  let e = 0;
  const against = (a1: number, b0: number): void => {
    if (rerollB && (b0 < a1 || (b0 === a1 && tie !== 'defender'))) {
      h = bBelow[a1]!;
      e = b.weights[a1] ?? 0;
    } else {
      h = a1 > b0 ? sb : 0;
      e = a1 === b0 ? sb : 0;
    }
  };
  // An attacker that rerolls against b0 ends on a fresh roll: its outcome weights depend on b0 only,
  // so they are summed once per b0 (O(sides²) overall instead of O(sides³)).
  const reH = new Array<number>(vb).fill(0);
  const reE = new Array<number>(vb).fill(0);
  if (rerollA) {
    for (let b0 = 1; b0 < vb; b0++) {
      for (let a1 = 1; a1 < va; a1++) {
        const w = a.weights[a1]!;
        if (w === 0) continue;
        against(a1, b0);
        reH[b0]! += w * h;
        reE[b0]! += w * e;
      }
    }
  }
  for (let a0 = 1; a0 < va; a0++) {
    const wa = a.weights[a0]!;
    if (wa === 0) continue;
    for (let b0 = 1; b0 < vb; b0++) {
      const wb = b.weights[b0]!;
      if (wb === 0) continue;
      const x = wa * wb;
      if (rerollA && (a0 < b0 || (a0 === b0 && tie !== 'attacker'))) {
        higher += x * reH[b0]!;
        equal += x * reE[b0]!;
      } else {
        against(a0, b0);
        higher += x * sa * h;
        equal += x * sa * e;
      }
    }
  }
  const total = a.total * b.total * sa * sb;
  return { higher, lower: total - higher - equal, equal, total };
};

const fractions = (c: PairCounts): [Rational, Rational, Rational] => {
  const total = BigInt(c.total);
  return [rational(BigInt(c.higher), total), rational(BigInt(c.lower), total), rational(BigInt(c.equal), total)];
};

/**
 * Applies `clash.tie` (R4.3) to the first roll's win/lose/tie probabilities (p, q, t); a
 * `reroll` tie rolls both dice again, without `reroll` effects, with probabilities (p2, q2, t2).
 */
export const resolveTie = (
  [p, q, t]: [Rational, Rational, Rational],
  tie: RulesetKnobs['clash']['tie'],
  [p2, q2, t2]: [Rational, Rational, Rational] = [p, q, t],
): PairOdds => {
  switch (tie) {
    case 'attacker':
      return { attackerWins: add(p, t), defenderWins: q, tie: ZERO };
    case 'defender':
      return { attackerWins: p, defenderWins: add(q, t), tie: ZERO };
    case 'reroll': {
      // Σ t2^k for k < MAX_TIE_REROLLS, with incremental powers; afterwards `power` is t2^MAX_TIE_REROLLS.
      let series = ZERO;
      let power = ONE;
      for (let k = 0; k < MAX_TIE_REROLLS; k++) {
        series = add(series, power);
        power = mul(power, t2);
      }
      const again = mul(t, series);
      return { attackerWins: add(p, mul(again, p2)), defenderWins: add(q, mul(again, q2)), tie: mul(t, power) };
    }
    case 'standoff':
    case 'bothDamaged':
      return { attackerWins: p, defenderWins: q, tie: t };
  }
};

/**
 * Exact odds of one defended pair (R4.2) between two rollers under the ruleset's damage,
 * Last Stand and tie knobs, with `reroll: once` as {@link pairCounts} plays it. Tie rerolls
 * (R4.3) roll both dice afresh with their other roll effects.
 */
export const pairOdds = (attacker: RollerSpec, defender: RollerSpec, knobs: PairKnobs): PairOdds => {
  const a = rollDistribution(attacker, knobs);
  const b = rollDistribution(defender, knobs);
  const first = fractions(pairCounts(a, b, attacker.reroll ?? false, defender.reroll ?? false, knobs.clash.tie));
  const again = attacker.reroll || defender.reroll ? fractions(pairCounts(a, b)) : first;
  return resolveTie(first, knobs.clash.tie, again);
};

/** Floating-point odds of one defended pair, same rules as {@link pairOdds}; for bots' hot loops. */
export interface PairProbabilities {
  attackerWins: number;
  defenderWins: number;
  tie: number;
}

/** {@link pairOdds} in doubles from precomputed distributions (no bigint), for lookahead in bots. */
export const pairProbabilities = (
  a: RollDistribution,
  b: RollDistribution,
  tie: RulesetKnobs['clash']['tie'],
  rerollA = false,
  rerollB = false,
): PairProbabilities => {
  const c = pairCounts(a, b, rerollA, rerollB, tie);
  const p = c.higher / c.total;
  const q = c.lower / c.total;
  const t = c.equal / c.total;
  switch (tie) {
    case 'attacker':
      return { attackerWins: p + t, defenderWins: q, tie: 0 };
    case 'defender':
      return { attackerWins: p, defenderWins: q + t, tie: 0 };
    case 'reroll': {
      const plain = rerollA || rerollB ? pairCounts(a, b) : c;
      const p2 = plain.higher / plain.total;
      const q2 = plain.lower / plain.total;
      const t2 = plain.equal / plain.total;
      let series = 0;
      let power = 1;
      for (let k = 0; k < MAX_TIE_REROLLS; k++) {
        series += power;
        power *= t2;
      }
      return { attackerWins: p + t * series * p2, defenderWins: q + t * series * q2, tie: t * power };
    }
    default:
      return { attackerWins: p, defenderWins: q, tie: t };
  }
};
