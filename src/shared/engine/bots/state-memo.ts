/**
 * A memo for values that are pure functions of the state of one or two members: their Health,
 * Last Stand and Area (as its effects see it: `areaSeen`), and the round when one of their effects
 * may read it (R11 `when`: area, healthAtMost, roundAtLeast; the opponent's type and die never change). Each slot keeps its value
 * with the state it was computed in and answers while that state holds — within a decision and
 * across decisions of a battle, with no per-decision clearing and no map lookups.
 */
import type { Compiled } from '../compiled';
import { FLAG } from '../types';
import type { BattleState } from '../types';

/** Numbers of a slot's signature: the round, then Health, Area and Last Stand of each member. */
const WIDTH = 7;

/** Slots indexed by small integers; a slot answers while its members' state holds. */
export class StateMemo<T> {
  private sig = new Float64Array(0);
  private values: (T | undefined)[] = [];

  /** Forgets everything and makes room for `slots` slots (a new setup). */
  reset(slots: number): void {
    this.sig = new Float64Array(slots * WIDTH).fill(NaN);
    this.values = new Array<T | undefined>(slots);
  }

  /** The value of slot `i` for members `a` and `b` (−1: one member only) if their state still matches, else undefined. */
  get(s: BattleState, c: Compiled, i: number, a: number, b: number): T | undefined {
    const o = i * WIDTH;
    const sig = this.sig;
    if (o >= sig.length || sig[o] !== roundSeen(s, c, a, b)) return undefined;
    if (sig[o + 1] !== s.health[a] || sig[o + 2] !== areaSeen(s, c, a) || sig[o + 3] !== (s.flags[a]! & FLAG.lastStand)) return undefined;
    if (b >= 0 && (sig[o + 4] !== s.health[b] || sig[o + 5] !== areaSeen(s, c, b) || sig[o + 6] !== (s.flags[b]! & FLAG.lastStand))) return undefined;
    return this.values[i];
  }

  /** Stores slot `i`'s value, a pure function of the state {@link get} compares. */
  set(s: BattleState, c: Compiled, i: number, a: number, b: number, value: T): void {
    const o = i * WIDTH;
    if (o >= this.sig.length) return;
    const sig = this.sig;
    sig[o] = roundSeen(s, c, a, b);
    sig[o + 1] = s.health[a]!;
    sig[o + 2] = areaSeen(s, c, a);
    sig[o + 3] = s.flags[a]! & FLAG.lastStand;
    sig[o + 4] = b >= 0 ? s.health[b]! : 0;
    sig[o + 5] = b >= 0 ? areaSeen(s, c, b) : 0;
    sig[o + 6] = b >= 0 ? s.flags[b]! & FLAG.lastStand : 0;
    this.values[i] = value;
  }
}

/** The round as the effects of members `a` and `b` see it: the round when one of them may read it (R11 `roundAtLeast`), else 0. */
export const roundSeen = (s: BattleState, c: Compiled, a: number, b: number): number => (c.effects.readsRound[a] || (b >= 0 && c.effects.readsRound[b]) ? s.round : 0);

/** Member `m`'s Area as its effects see it (R8.5, R11 `when.area`): Areas where they answer alike give the same number. */
export const areaSeen = (s: BattleState, c: Compiled, m: number): number => c.effects.areaSig[m * c.links.length + s.area[m]!]!;
