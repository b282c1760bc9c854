/**
 * A memo for values that are pure functions of the state of one or two members: their Health,
 * Last Stand and Area (as its effects see it: `areaSeen`), and the round when one of their effects
 * may read it (R11 `when`: area, healthAtMost, roundAtLeast; the opponent's type and die never change).
 * Each slot keeps one value per state of its members it has seen, so a value computed once is
 * found again whenever those members are back in that state — later in the battle or in the next
 * battle of the same setup — with no per-decision clearing.
 */
import type { Compiled } from '../compiled';
import { FLAG } from '../types';
import type { BattleState } from '../types';

/** Values kept per memo (and group values per {@link OddsCache}) before it starts over (a bound on memory; values are pure, so forgetting changes nothing). */
export const MEMO_LIMIT = 1 << 17;

/** Slots indexed by small integers; a slot answers for every state of its members it was given a value in. */
export class StateMemo<T> {
  private slots: (Map<number, T> | undefined)[] = [];
  private size = 0;
  /** The setup the key ranges below were taken from. */
  private c: Compiled | null = null;
  /** Health values 0 .. health − 1, Area signatures 0 .. areas − 1, rounds 0 .. rounds − 1 (see {@link memberKey}). */
  private health = 0;
  private areas = 0;
  private rounds = 0;
  /** Number of member keys (plus one: "no second member"). */
  private keys = 0;

  /** Forgets everything and makes room for `slots` slots (a new setup). */
  reset(slots: number): void {
    this.slots = new Array<Map<number, T> | undefined>(slots);
    this.size = 0;
  }

  /** The value of slot `i` for members `a` and `b` (−1: one member only) in their current state, else undefined. */
  get(s: BattleState, c: Compiled, i: number, a: number, b: number): T | undefined {
    const slot = this.slots[i];
    if (slot === undefined) return undefined;
    const key = this.stateKey(s, c, a, b);
    return key < 0 ? undefined : slot.get(key);
  }

  /** Stores slot `i`'s value for the current state of `a` and `b`: a pure function of what {@link get} compares. */
  set(s: BattleState, c: Compiled, i: number, a: number, b: number, value: T): void {
    if (i >= this.slots.length) return;
    const key = this.stateKey(s, c, a, b);
    if (key < 0) return;
    if (this.size >= MEMO_LIMIT) this.reset(this.slots.length);
    let slot = this.slots[i];
    if (slot === undefined) {
      slot = new Map();
      this.slots[i] = slot;
    }
    const before = slot.size;
    slot.set(key, value);
    this.size += slot.size - before;
  }

  /** One number for the state of `a` and `b` (b −1: none) as their effects see it; −1 outside the setup's ranges (not memoised). */
  private stateKey(s: BattleState, c: Compiled, a: number, b: number): number {
    if (this.c !== c) this.bind(s, c);
    const ka = this.memberKey(s, c, a);
    if (ka < 0) return -1;
    if (b < 0) return ka * this.keys;
    const kb = this.memberKey(s, c, b);
    return kb < 0 ? -1 : ka * this.keys + kb + 1;
  }

  /**
   * Member `m`'s state as its effects see it — (round if they read it, Health, Area as they see
   * it, Last Stand) — as one number below 2^16 for the setups the engine plays; −1 when out of range.
   */
  memberKey(s: BattleState, c: Compiled, m: number): number {
    if (this.c !== c) this.bind(s, c);
    const round = c.effects.readsRound[m] ? s.round : 0;
    const health = s.health[m]!;
    if (round < 0 || round >= this.rounds || health < 0 || health >= this.health) return -1;
    return ((round * this.health + health) * this.areas + areaSeen(s, c, m)) * 2 + ((s.flags[m]! & FLAG.lastStand) !== 0 ? 1 : 0);
  }

  private bind(s: BattleState, c: Compiled): void {
    this.c = c;
    let health = 0;
    for (const m of c.members) health = Math.max(health, m.maxHealth);
    this.health = health + 1;
    this.areas = Math.max(1, c.links.length);
    this.rounds = s.setup.rounds + 2;
    this.keys = this.rounds * this.health * this.areas * 2 + 1;
  }
}

/** Member `m`'s Area as its effects see it (R8.5, R11 `when.area`): Areas where they answer alike give the same number. */
export const areaSeen = (s: BattleState, c: Compiled, m: number): number => c.effects.areaSig[m * c.links.length + s.area[m]!]!;
