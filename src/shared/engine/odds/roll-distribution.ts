import type { DieName, RulesetKnobs } from '../../model/types';

/** The knobs that shape one die roll (R1.4, R1.5, R7.2). */
export type RollKnobs = Pick<RulesetKnobs, 'damage'> & {
  captain: Pick<RulesetKnobs['captain'], 'lastStandMaxRoll'>;
};

/**
 * Who rolls and with which roll effects (R11), already resolved for this pair.
 * `lost` is lost Health (R1.3); `lastStand` replaces the R1.4 cap by `captain.lastStandMaxRoll`.
 */
export interface RollerSpec {
  die: DieName;
  lost?: number;
  lastStand?: boolean;
  /** Sum of every applicable `rollModifier` (R11): added after the cap, result ≥ 1. */
  rollModifier?: number;
  /** `keepHighest: dX` (R11): dX is also rolled, capped by R1.4 for its own sides, and the higher kept. */
  keepHighest?: DieName;
  /** `reroll: once` (R11), played as the engine plays it: see `pairOdds`. Ignored by `rollDistribution`. */
  reroll?: boolean;
  /** `dieOverride: dX` (R11): roll dX instead of the member's die; the R1.4 cap uses dX. */
  dieOverride?: DieName;
}

/**
 * Exact distribution of a final result as integer weights: P(result = v) = weights[v] / total.
 * Weights are non-negative integers below 2^53, so all arithmetic on them is exact.
 */
export interface RollDistribution {
  weights: number[];
  total: number;
}

/** Number of sides of an Existence Die (R1.1). */
export const sidesOf = (die: DieName): number => Number(die.slice(1));

/**
 * Max roll of a roller (R1.4, R7.2): sides − maxRollStep × lost, not below maxRollFloor;
 * `captain.lastStandMaxRoll` in Last Stand; always within 1..sides.
 */
export const maxRollOf = (sides: number, lost: number, lastStand: boolean, knobs: RollKnobs): number => {
  const raw = lastStand
    ? knobs.captain.lastStandMaxRoll
    : Math.max(knobs.damage.maxRollFloor, sides - knobs.damage.maxRollStep * Math.max(0, lost));
  return Math.min(sides, Math.max(1, raw));
};

/** One die of `sides` under a max roll (R1.5): `clamp` counts results above it as it, `reroll` is uniform below it. */
export const cappedDie = (sides: number, maxRoll: number, cappedRoll: RollKnobs['damage']['cappedRoll']): RollDistribution => {
  const cap = Math.min(sides, maxRoll);
  const weights = new Array<number>(cap + 1).fill(0);
  if (cappedRoll === 'reroll') {
    for (let v = 1; v <= cap; v++) weights[v] = 1;
    return { weights, total: cap };
  }
  for (let r = 1; r <= sides; r++) weights[Math.min(r, cap)] += 1;
  return { weights, total: sides };
};

/** Distribution of the higher of two independent results. */
export const maxOf = (a: RollDistribution, b: RollDistribution): RollDistribution => {
  const len = Math.max(a.weights.length, b.weights.length);
  const weights = new Array<number>(len).fill(0);
  let ca = 0;
  let cb = 0;
  let prev = 0;
  for (let v = 0; v < len; v++) {
    ca += a.weights[v] ?? 0;
    cb += b.weights[v] ?? 0;
    const cum = ca * cb;
    weights[v] = cum - prev;
    prev = cum;
  }
  return { weights, total: a.total * b.total };
};

/** Adds `modifier` to every result, never below 1 (R11 `rollModifier`). */
export const withModifier = (d: RollDistribution, modifier: number): RollDistribution => {
  if (modifier === 0) return d;
  const top = Math.max(1, d.weights.length - 1 + modifier);
  const weights = new Array<number>(top + 1).fill(0);
  for (let v = 1; v < d.weights.length; v++) {
    if (d.weights[v] === 0) continue;
    weights[Math.max(1, v + modifier)] += d.weights[v];
  }
  return { weights, total: d.total };
};

/**
 * Exact distribution of a roller's final result: die (or `dieOverride`) capped by R1.4/R1.5 or
 * Last Stand, the higher of a `keepHighest` die (capped by R1.4 on its own sides, as the
 * engine rolls it), then `rollModifier`. `reroll` depends on the opponent's roll: see `pairOdds`.
 */
export const rollDistribution = (spec: RollerSpec, knobs: RollKnobs): RollDistribution => {
  const sides = sidesOf(spec.dieOverride ?? spec.die);
  const maxRoll = maxRollOf(sides, spec.lost ?? 0, spec.lastStand ?? false, knobs);
  let d = cappedDie(sides, maxRoll, knobs.damage.cappedRoll);
  if (spec.keepHighest !== undefined) {
    const extraSides = sidesOf(spec.keepHighest);
    const extraMax = maxRollOf(extraSides, spec.lost ?? 0, spec.lastStand ?? false, knobs);
    d = maxOf(d, cappedDie(extraSides, extraMax, knobs.damage.cappedRoll));
  }
  return withModifier(d, spec.rollModifier ?? 0);
};
