/**
 * Effect evaluation (R11): which effects of a member (and of its Area, R8.5) apply in a
 * given context, and their combined value.
 */
import type { Effect, When } from '../model/types';
import type { Compiled } from './compiled';
import { dieSides } from './setup';
import type { BattleState } from './types';

/** Where an effect is being evaluated: the member, its role and opponent in a Clash. */
export interface EffectContext {
  member: number;
  role?: 'attacker' | 'defender';
  /** Opponent member index (the target, or an attacker), when there is one. */
  opponent?: number;
  inSwarm?: boolean;
  vsSwarm?: boolean;
}

/**
 * A copy of `when` with every field of `When` present (absent ones `undefined`): the same answers
 * from `whenAt`, which tests each field against `undefined`, and one object shape for all of them
 * (effects written in the workspace list their conditions in any order and number, and `whenAt`
 * reading many shapes is slower). Its `role` is the engine's own string constant, equal to the
 * parsed one: comparing it with a query's role is then a pointer test, not a string comparison.
 */
export const fullWhen = (when: When): When => ({
  role: when.role === 'attacker' ? 'attacker' : when.role === 'defender' ? 'defender' : when.role,
  opponentType: when.opponentType,
  opponentDieAtLeast: when.opponentDieAtLeast,
  area: when.area,
  healthAtMost: when.healthAtMost,
  inSwarm: when.inSwarm,
  roundAtLeast: when.roundAtLeast,
  vsSwarm: when.vsSwarm,
});

/** True when every key of `when` holds in the context (R11 `when`). */
export function whenHolds(when: When | undefined, s: BattleState, c: Compiled, ctx: EffectContext): boolean {
  return when === undefined || whenAt(when, s, c, ctx.member, ctx.role, ctx.opponent ?? -1, ctx.inSwarm === true, ctx.vsSwarm === true);
}

/**
 * {@link whenHolds} with the context as scalars (no object): member `m`, its `role` in a Clash,
 * its opponent `opp` (−1 for none) and whether it is in, or faces, a Swarm.
 */
export function whenAt(when: When, s: BattleState, c: Compiled, m: number, role: 'attacker' | 'defender' | undefined, opp: number, inSwarm: boolean, vsSwarm: boolean): boolean {
  if (when.role !== undefined && when.role !== role) return false;
  if (when.opponentType !== undefined) {
    if (opp < 0) return false;
    const o = c.members[opp]!;
    if (o.type !== when.opponentType && o.baseType !== when.opponentType) return false;
  }
  if (when.opponentDieAtLeast !== undefined) {
    if (opp < 0) return false;
    if (c.members[opp]!.sides < dieSides(when.opponentDieAtLeast)) return false;
  }
  if (when.area !== undefined && !c.areaLabels[s.area[m]!]!.has(when.area)) return false;
  if (when.healthAtMost !== undefined && s.health[m]! > when.healthAtMost) return false;
  if (when.inSwarm !== undefined && when.inSwarm !== inSwarm) return false;
  if (when.roundAtLeast !== undefined && s.round < when.roundAtLeast) return false;
  if (when.vsSwarm !== undefined && when.vsSwarm !== vsSwarm) return false;
  return true;
}

/**
 * A `when` as bounds (R11): `roundAtLeast` (−Infinity when absent), `healthAtMost` (+Infinity when
 * absent), the sides of `opponentDieAtLeast` (NaN when absent), and whether it sets `opponentType`,
 * `area` or any key {@link whenWithin} does not test itself.
 */
export interface WhenBounds {
  minRound: number;
  maxHealth: number;
  minOppSides: number;
  others: boolean;
}

/** The `when` keys {@link whenWithin} tests itself (any other sends it to `whenAt`). */
const BOUNDED = new Set(['role', 'roundAtLeast', 'healthAtMost', 'opponentDieAtLeast', 'inSwarm', 'vsSwarm']);

/** The {@link WhenBounds} of `when` (worked out once per setup, effect-index.ts). */
export function whenBounds(when: When | undefined): WhenBounds {
  const set = (k: string): boolean => when !== undefined && (when as Record<string, unknown>)[k] !== undefined;
  return {
    minRound: set('roundAtLeast') ? when!.roundAtLeast! : -Infinity,
    maxHealth: set('healthAtMost') ? when!.healthAtMost! : Infinity,
    minOppSides: set('opponentDieAtLeast') ? dieSides(when!.opponentDieAtLeast!) : NaN,
    others: when !== undefined && Object.keys(when).some((k) => !BOUNDED.has(k) && set(k)),
  };
}

/**
 * {@link whenAt} of `when` with its {@link WhenBounds} `b`, the same answer: the role, round,
 * Health, opponent's die and Swarm tests read numbers and flags (no die name parsed per test);
 * `whenAt` runs in full only for `opponentType` or `area`.
 */
export function whenWithin(when: When, b: WhenBounds, s: BattleState, c: Compiled, m: number, role: 'attacker' | 'defender' | undefined, opp: number, inSwarm: boolean, vsSwarm: boolean): boolean {
  if (when.role !== undefined && when.role !== role) return false;
  if (s.round < b.minRound || s.health[m]! > b.maxHealth) return false;
  if (b.minOppSides === b.minOppSides && (opp < 0 || c.members[opp]!.sides < b.minOppSides)) return false;
  if ((when.inSwarm !== undefined && when.inSwarm !== inSwarm) || (when.vsSwarm !== undefined && when.vsSwarm !== vsSwarm)) return false;
  return !b.others || whenAt(when, s, c, m, role, opp, inSwarm, vsSwarm);
}

/** Every effect that applies to the member in this context, member effects first. */
export function activeEffects(s: BattleState, c: Compiled, ctx: EffectContext): Effect[] {
  const own = c.memberEffects[ctx.member]!;
  const area = c.areaEffects[s.area[ctx.member]!]!;
  if (area.length === 0 && (own.length === 0 || c.unconditional[ctx.member])) return own;
  const out: Effect[] = [];
  for (const e of own) if (whenHolds(e.when, s, c, ctx)) out.push(e);
  for (const e of area) if (whenHolds(e.when, s, c, ctx)) out.push(e);
  return out;
}

type NumericKey = 'rollModifier' | 'damage' | 'armor' | 'extraActions' | 'regenerate' | 'progressBonus' | 'initiative';

/** Sum of a numeric effect over the active effects (0 when none). */
export function sumOf(effects: Effect[], key: NumericKey): number {
  let total = 0;
  for (const e of effects) {
    const v = (e as Record<string, unknown>)[key];
    if (typeof v === 'number') total += v;
  }
  return total;
}

/** Highest value of a numeric effect, or null when none applies. */
export function maxOf(effects: Effect[], key: NumericKey): number | null {
  let best: number | null = null;
  for (const e of effects) {
    const v = (e as Record<string, unknown>)[key];
    if (typeof v === 'number' && (best === null || v > best)) best = v;
  }
  return best;
}

/** True when a flag-like effect (`blast`, `firstStrike`, `reroll`) applies. */
export function hasEffect(effects: Effect[], key: 'blast' | 'firstStrike' | 'reroll'): boolean {
  for (const e of effects) if ((e as Record<string, unknown>)[key] !== undefined) return true;
  return false;
}

/** Value of the last applicable `dieOverride`, `keepHighest` or `swarm` effect, or null. */
export function lastValue(effects: Effect[], key: 'dieOverride' | 'keepHighest' | 'swarm'): string | null {
  let v: string | null = null;
  for (const e of effects) {
    const x = (e as Record<string, unknown>)[key];
    if (typeof x === 'string') v = x;
  }
  return v;
}
