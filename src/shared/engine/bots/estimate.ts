/**
 * Exact-odds estimates for bots: each member's roll distribution in a Clash context (R1.4,
 * R1.5, R7.2, R11) and the expected value of damage, cached with the state they depend on.
 */
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { EK, effectAny, effectLast, effectMax, effectSum } from '../effect-index';
import type { EffectContext } from '../effects';
import { PairOddsTable } from '../odds/odds-table';
import { maxRollOf, sidesOf } from '../odds/roll-distribution';
import type { RollDistribution } from '../odds/roll-distribution';
import type { PairProbabilities } from '../odds/pair-odds';
import { FLAG } from '../types';
import type { BattleState } from '../types';
import type { DieName } from '../../model/types';
import { MEMO_LIMIT, StateMemo } from './state-memo';
import { WorthMemo } from './worth-memo';

/**
 * The worth memo every {@link OddsCache} of this thread reads: its values are pure functions of
 * their signature and setup (it starts over when the setup changes), so the two bots of a battle
 * share what either computed, and keep half the memory warm.
 */
const sharedWorths = new WorthMemo();

/** Weight of one victory point against one unit of member value. */
export const POINT_WEIGHT = 3;

/** A member's roll in a context: its distribution (and its id in the cache's odds table), and whether it may reroll. */
export interface Roll {
  /** Id of `dist` in the cache's {@link PairOddsTable} (for fast pair lookups). */
  id: number;
  dist: RollDistribution;
  reroll: boolean;
}

/** Role of a roll or damage in a Clash, as a slot index: 0 none, 1 attacker, 2 defender. */
const roleIndex = (role: EffectContext['role']): number => (role === 'attacker' ? 1 : role === 'defender' ? 2 : 0);

/**
 * Caches, per bot, what its estimates read: distributions and float pair odds of the setup's knobs
 * (a {@link PairOddsTable}), and members' rolls, damages and callers' pair values, each kept with
 * the state it was computed in ({@link StateMemo}). Bounded by the setup's size.
 */
export class OddsCache {
  /** Distributions and float pair odds of the current setup's knobs (R1.4, R1.5, R4.3, R11). */
  private table: PairOddsTable | null = null;
  private setup: BattleState['setup'] | null = null;
  private n = 0;
  /** Rolls by (member, opponent + 1, role, Swarm flags). */
  private readonly rolls = new StateMemo<Roll>();
  /** Damage after armor by (winner, loser, winner attacking). */
  private readonly damages = new StateMemo<number>();
  /** Callers' values per single pair (attacker, target): see {@link pairGet}. */
  private readonly pairs = new StateMemo<unknown>();
  /** Callers' values for groups of members (e.g. a Swarm and its target), with the state they were computed in. */
  private readonly groups = new Map<string, unknown>();
  /** Scratch: the 16-bit units of a group key. */
  private readonly units: number[] = [];
  /** Callers' worths of a target under a group of attackers, across decisions (see {@link WorthMemo}). */
  readonly worths: WorthMemo;

  /** A cache reading `worths` (by default the memo every cache of this thread shares). */
  constructor(worths: WorthMemo = sharedWorths) {
    this.worths = worths;
  }

  /**
   * Starts a decision on `s` (possibly a state object updated in place since the last one). Only a
   * new setup forgets anything: every cached value is keyed by the state it depends on.
   */
  fresh(s: BattleState): void {
    this.begin(s);
  }

  /** Makes the cache ready for `s`: a new setup (other knobs, other members) starts it over. */
  begin(s: BattleState): void {
    if (this.setup === s.setup) return;
    const c = compile(s.setup);
    this.setup = s.setup;
    this.n = c.n;
    this.table = new PairOddsTable(s.setup.ruleset);
    this.rolls.reset(c.n * (c.n + 1) * 12);
    this.damages.reset(c.n * c.n * 2);
    this.pairs.reset(c.n * c.n);
    this.groups.clear();
  }

  /** Member `m`'s state as the memos key it (see {@link StateMemo.memberKey}); −1 when out of their ranges. */
  memberKey(s: BattleState, c: Compiled, m: number): number {
    this.begin(s);
    return this.pairs.memberKey(s, c, m);
  }

  /** A caller's value for pair (attacker a, target t) stored by {@link pairSet}, while both members' state holds. */
  pairGet(s: BattleState, c: Compiled, a: number, t: number): unknown {
    this.begin(s);
    return this.pairs.get(s, c, a * c.n + t, a, t);
  }

  /** Stores a value for pair (a, t): a pure function of both members' state (see {@link StateMemo}). */
  pairSet(s: BattleState, c: Compiled, a: number, t: number, value: unknown): void {
    this.pairs.set(s, c, a * c.n + t, a, t, value);
  }

  /**
   * The value stored by {@link groupSet} under `key` for the group `members` (the first `count`)
   * in their current state (each member's Health, Last Stand, Area as its effects see it, and the
   * round if they read it), else undefined.
   */
  groupGet(s: BattleState, c: Compiled, key: number, members: ArrayLike<number>, count: number): unknown {
    this.begin(s);
    const k = this.groupKey(s, c, key, members, count);
    return k === null ? undefined : this.groups.get(k);
  }

  /** Stores a group's value, a pure function of the inputs {@link groupGet} compares (one per key and state). */
  groupSet(s: BattleState, c: Compiled, key: number, members: ArrayLike<number>, count: number, value: unknown): void {
    this.begin(s);
    const k = this.groupKey(s, c, key, members, count);
    if (k === null) return;
    if (this.groups.size >= MEMO_LIMIT) this.groups.clear();
    this.groups.set(k, value);
  }

  /** A group's key and its members' states as one string (16-bit units); null when a state is out of range. */
  private groupKey(s: BattleState, c: Compiled, key: number, members: ArrayLike<number>, count: number): string | null {
    const units = this.units;
    units.length = count + 2;
    units[0] = key & 0xffff;
    units[1] = key >>> 16;
    for (let i = 0; i < count; i++) {
      const k = this.pairs.memberKey(s, c, members[i]!);
      if (k < 0 || k > 0xffff) return null;
      units[i + 2] = k;
    }
    return String.fromCharCode.apply(null, units);
  }

  /** The roll of member `m` in `ctx` (its die or `dieOverride`, cap, `keepHighest`, modifier, `reroll`). */
  roll(s: BattleState, c: Compiled, ctx: EffectContext): Roll {
    this.begin(s);
    const m = ctx.member;
    const opp = ctx.opponent ?? -1;
    const slot = ((m * (c.n + 1) + opp + 1) * 3 + roleIndex(ctx.role)) * 4 + (ctx.inSwarm === true ? 2 : 0) + (ctx.vsSwarm === true ? 1 : 0);
    let roll = this.rolls.get(s, c, slot, m, -1);
    if (roll === undefined) {
      roll = this.computeRoll(s, c, ctx);
      this.rolls.set(s, c, slot, m, -1, roll);
    }
    return roll;
  }

  /** Damage `winner` deals `loser` after armor (R5.1). */
  damage(s: BattleState, c: Compiled, winner: number, winnerRole: 'attacker' | 'defender', loser: number): number {
    this.begin(s);
    const slot = (winner * c.n + loser) * 2 + (winnerRole === 'attacker' ? 1 : 0);
    let d = this.damages.get(s, c, slot, winner, loser);
    if (d === undefined) {
      d = netDamage(s, c, winner, winnerRole, loser);
      this.damages.set(s, c, slot, winner, loser, d);
    }
    return d;
  }

  private computeRoll(s: BattleState, c: Compiled, ctx: EffectContext): Roll {
    const m = ctx.member;
    const role = ctx.role;
    const opp = ctx.opponent ?? -1;
    const inSwarm = ctx.inSwarm === true;
    const vsSwarm = ctx.vsSwarm === true;
    const override = effectLast(s, c, EK.dieOverride, m, role, opp, inSwarm, vsSwarm);
    const sides = override === null ? c.members[m].sides : sidesOf(override as DieName);
    const kh = effectLast(s, c, EK.keepHighest, m, role, opp, inSwarm, vsSwarm);
    const khSides = kh === null ? 0 : sidesOf(kh as DieName);
    const mod = effectSum(s, c, EK.rollModifier, m, role, opp, inSwarm, vsSwarm);
    const lost = c.members[m].maxHealth - s.health[m];
    const lastStand = (s.flags[m] & FLAG.lastStand) !== 0;
    const knobs = s.setup.ruleset;
    // As `rollDistribution` of {die, lost, lastStand, keepHighest, rollModifier} (R1.4, R1.5, R7.2, R11).
    const id = this.table!.dieId(sides, maxRollOf(sides, lost, lastStand, knobs), khSides, khSides === 0 ? 0 : maxRollOf(khSides, lost, lastStand, knobs), mod);
    return { id, dist: this.table!.distribution(id), reroll: effectAny(s, c, EK.reroll, m, role, opp, inSwarm, vsSwarm) };
  }

  /** Highest of several rolls plus a bonus (a Swarm, R6.2). */
  group(rolls: Roll[], bonus: number): Roll {
    const id = this.table!.groupId(rolls.map((r) => r.id), bonus);
    return { id, dist: this.table!.distribution(id), reroll: false };
  }

  /** Odds of a defended pair between two rolls under the state's tie knob (R4.2, R4.3). */
  pair(_s: BattleState, a: Roll, d: Roll): PairProbabilities {
    return this.table!.pair(a.id, a.reroll, d.id, d.reroll);
  }

  /** P(result ≥ threshold) of a roll (R4.4 absorb threshold). */
  atLeast(r: Roll, threshold: number): number {
    return this.table!.atLeast(r.id, threshold);
  }
}

/** Rough worth of a member to its side: bigger dice and Captains matter more. */
export const memberWorth = (c: Compiled, m: number): number => c.members[m].sides / 2 + 2 + (c.members[m].captain ? 2 : 0);

/**
 * Value, to the member's enemies, of dealing `amount` damage to member `m`: its worth when it
 * falls (plus the points that scores), else a share of it per Health point. `health` overrides
 * its current Health (the expected Health after earlier pairs of the same Clash).
 */
export const damageValue = (s: BattleState, c: Compiled, m: number, amount: number, health = s.health[m]): number => {
  if (amount <= 0) return 0;
  const worth = memberWorth(c, m);
  const inLastStand = (s.flags[m] & FLAG.lastStand) !== 0;
  // Expected to have fallen already in this Clash: little left to gain.
  if (health <= 0 && !inLastStand) return 0.1 * amount;
  const falls = inLastStand || (health - amount <= 0 && !(c.members[m].captain && s.setup.ruleset.captain.lastStand));
  if (falls) return worth + fallPoints(s, c, m) * POINT_WEIGHT;
  return (Math.min(amount, health) * worth) / (c.members[m].maxHealth + 1);
};

/** Points the enemies of member `m` score when it falls (R9.5 per enemy, R9.1 eliminate), per member of a setup. */
const fallPointsOf = new WeakMap<Compiled, number[]>();

const fallPoints = (s: BattleState, c: Compiled, m: number): number => {
  let table = fallPointsOf.get(c);
  if (table === undefined) {
    table = c.members.map((_, x) => {
      let points = s.setup.scoring.perEnemyIncapacitated;
      for (const o of c.objectives) if (o.def.kind === 'eliminate' && (o.def.any === true || o.named.includes(x))) points += o.points;
      return points;
    });
    fallPointsOf.set(c, table);
  }
  return table[m]!;
};

/** Damage `winner` deals to `loser` after armor (R5.1), with roles as in the Clash. */
export const netDamage = (s: BattleState, c: Compiled, winner: number, winnerRole: 'attacker' | 'defender', loser: number): number => {
  const loserRole = winnerRole === 'attacker' ? 'defender' : 'attacker';
  const dealt = effectMax(s, c, EK.damage, 1, winner, winnerRole, loser);
  return Math.max(0, dealt - Math.max(0, effectSum(s, c, EK.armor, loser, loserRole, winner)));
};
