/**
 * Exact-odds estimates for bots: each member's roll distribution in a Clash context (R1.4,
 * R1.5, R7.2, R11) and the expected value of damage, cached per distinct roll.
 */
import type { Compiled } from '../compiled';
import { EK, effectAny, effectLast, effectMax, effectSum } from '../effect-index';
import type { EffectContext } from '../effects';
import { PairOddsTable } from '../odds/odds-table';
import type { RollDistribution } from '../odds/roll-distribution';
import type { PairProbabilities } from '../odds/pair-odds';
import { FLAG } from '../types';
import type { BattleState } from '../types';
import type { DieName } from '../../model/types';

/** Weight of one victory point against one unit of member value. */
export const POINT_WEIGHT = 3;

/** A member's roll in a context: its distribution (and its id in the cache's odds table), and whether it may reroll. */
export interface Roll {
  /** Id of `dist` in the cache's {@link PairOddsTable} (for fast pair lookups). */
  id: number;
  dist: RollDistribution;
  reroll: boolean;
}

/** Caches distributions and pair odds; one per bot instance, bounded by distinct rolls. */
export class OddsCache {
  /** Distributions and float pair odds of the current setup's knobs (R1.4, R1.5, R4.3, R11). */
  private table: PairOddsTable | null = null;
  /** Rolls and damages of the current decision's state, by context; cleared by {@link begin}. */
  private readonly rolls = new Map<number, Roll>();
  private readonly damages = new Map<number, number>();
  private state: BattleState | null = null;
  /**
   * Rolls and damages across states of one setup, keyed by their context and by everything
   * their effects read (R11 `when`): Health, Last Stand, Area of the members involved and the
   * round. Values are pure functions of those keys, so reuse never changes a result.
   */
  private readonly lastingRolls = new Map<number, Map<number, Roll>>();
  private readonly lastingDamages = new Map<number, Map<number, number>>();
  /** Callers' own values cached across states of one setup (see {@link lastingGet}). */
  private readonly lastingMemo = new Map<number, Map<number, unknown>>();
  private lastingSize = 0;
  private setup: BattleState['setup'] | null = null;
  /**
   * Callers' own memo of values that depend only on the current state and a small integer key
   * (e.g. greedy's single-pair values); cleared with the other per-state memos by {@link begin}.
   */
  readonly memo = new Map<number, unknown>();
  /**
   * Per single pair (attacker a, target t) of the current setup: a caller's value and the state it
   * was computed in — Health, Last Stand and Area of both members and the round, everything their
   * effects, rolls and damage read (R11 `when`) — so it is reused, within a decision and across
   * decisions, while those hold. See {@link pairGet}.
   */
  private pairSig = new Float64Array(0);
  private pairVal: unknown[] = [];

  /** Callers' values for groups of members (e.g. a Swarm and its target), with the state they were computed in. */
  private groups = new Map<number, { sig: number[]; value: unknown }>();

  /**
   * The value stored by {@link groupSet} under `key` for the group `members` (the first `count`)
   * if every member's Health, Last Stand and Area and the round still match, else undefined.
   */
  groupGet(s: BattleState, key: number, members: ArrayLike<number>, count: number): unknown {
    const hit = this.groups.get(key);
    if (hit === undefined || this.setup !== s.setup) return undefined;
    const sig = hit.sig;
    if (sig[0] !== s.round) return undefined;
    for (let i = 0; i < count; i++) {
      const m = members[i]!;
      if (sig[1 + 3 * i] !== s.health[m] || sig[2 + 3 * i] !== s.area[m] || sig[3 + 3 * i] !== (s.flags[m] & FLAG.lastStand)) return undefined;
    }
    return hit.value;
  }

  /** Stores a group's value, a pure function of the inputs {@link groupGet} compares (one per key). */
  groupSet(s: BattleState, key: number, members: ArrayLike<number>, count: number, value: unknown): void {
    const sig = [s.round];
    for (let i = 0; i < count; i++) {
      const m = members[i]!;
      sig.push(s.health[m], s.area[m], s.flags[m] & FLAG.lastStand);
    }
    this.groups.set(key, { sig, value });
  }

  /** The value stored by {@link pairSet} for pair (a, t) if the state still matches, else undefined. */
  pairGet(s: BattleState, c: Compiled, a: number, t: number): unknown {
    const i = a * c.n + t;
    if (this.setup !== s.setup || i * PAIR_SIG >= this.pairSig.length) return undefined;
    const sig = this.pairSig;
    const o = i * PAIR_SIG;
    if (sig[o] !== roundKey(s, c, a, t) || sig[o + 1] !== s.health[a] || sig[o + 2] !== s.health[t] || sig[o + 3] !== s.area[a] || sig[o + 4] !== s.area[t]) return undefined;
    if (sig[o + 5] !== (s.flags[a] & FLAG.lastStand) || sig[o + 6] !== (s.flags[t] & FLAG.lastStand)) return undefined;
    return this.pairVal[i];
  }

  /** Stores a value for pair (a, t), a pure function of the inputs {@link pairGet} compares. Call {@link begin} with `s` first. */
  pairSet(s: BattleState, c: Compiled, a: number, t: number, value: unknown): void {
    const i = a * c.n + t;
    if (this.pairSig.length < c.n * c.n * PAIR_SIG) {
      this.pairSig = new Float64Array(c.n * c.n * PAIR_SIG).fill(NaN);
      this.pairVal = [];
    }
    const sig = this.pairSig;
    const o = i * PAIR_SIG;
    sig[o] = roundKey(s, c, a, t);
    sig[o + 1] = s.health[a];
    sig[o + 2] = s.health[t];
    sig[o + 3] = s.area[a];
    sig[o + 4] = s.area[t];
    sig[o + 5] = s.flags[a] & FLAG.lastStand;
    sig[o + 6] = s.flags[t] & FLAG.lastStand;
    this.pairVal[i] = value;
  }

  /**
   * Starts a new decision on `s` (the caller may have changed the same state object in place):
   * forgets the per-state memos, keeps the lasting ones.
   */
  fresh(s: BattleState): void {
    this.state = null;
    this.begin(s);
  }

  /** Starts evaluating a new state: forgets per-state memos (Health and Areas may have changed). */
  begin(s: BattleState): void {
    if (this.state === s) return;
    this.state = s;
    if (this.setup !== s.setup || this.lastingSize > LASTING_LIMIT) {
      // Distributions and pair odds depend on the ruleset's knobs: never carry them to another setup.
      if (this.setup !== s.setup) {
        this.table = new PairOddsTable(s.setup.ruleset);
        this.pairSig = new Float64Array(0);
        this.pairVal = [];
        this.groups.clear();
      }
      this.setup = s.setup;
      this.lastingRolls.clear();
      this.lastingDamages.clear();
      this.lastingMemo.clear();
      this.lastingSize = 0;
    }
    this.rolls.clear();
    this.damages.clear();
    this.memo.clear();
  }

  /** The roll of member `m` in `ctx` (its die or `dieOverride`, cap, `keepHighest`, modifier). */
  roll(s: BattleState, c: Compiled, ctx: EffectContext): Roll {
    this.begin(s);
    if (c.n >= 255) return this.computeRoll(s, c, ctx);
    const memoKey = (((ctx.member * 256 + (ctx.opponent ?? 255)) * 3 + (ctx.role === 'attacker' ? 1 : ctx.role === 'defender' ? 2 : 0)) * 2 + (ctx.inSwarm ? 1 : 0)) * 2 + (ctx.vsSwarm ? 1 : 0);
    const memo = this.rolls.get(memoKey);
    if (memo !== undefined) return memo;
    const m = ctx.member;
    const sk = memberKey(s, m);
    if (sk < 0) {
      const roll = this.computeRoll(s, c, ctx);
      this.rolls.set(memoKey, roll);
      return roll;
    }
    const stateKey = (sk * 2 + ((s.flags[m] & FLAG.lastStand) !== 0 ? 1 : 0)) * ROUND_SPAN + s.round;
    let inner = this.lastingRolls.get(memoKey);
    if (inner === undefined) {
      inner = new Map();
      this.lastingRolls.set(memoKey, inner);
    }
    let roll = inner.get(stateKey);
    if (roll === undefined) {
      roll = this.computeRoll(s, c, ctx);
      inner.set(stateKey, roll);
      this.lastingSize++;
    }
    this.rolls.set(memoKey, roll);
    return roll;
  }

  /**
   * A caller's value cached across states of the current setup under (`key`, `stateKey`); the
   * caller guarantees the value is a pure function of those keys (e.g. via {@link memberStateKey}).
   */
  lastingGet(key: number, stateKey: number): unknown {
    return this.lastingMemo.get(key)?.get(stateKey);
  }

  /** Stores a value for {@link lastingGet}. Call {@link begin} with the current state first. */
  lastingSet(key: number, stateKey: number, value: unknown): void {
    let inner = this.lastingMemo.get(key);
    if (inner === undefined) {
      inner = new Map();
      this.lastingMemo.set(key, inner);
    }
    inner.set(stateKey, value);
    this.lastingSize++;
  }

  /** Damage `winner` deals `loser` after armor (R5.1), memoised per state. */
  damage(s: BattleState, c: Compiled, winner: number, winnerRole: 'attacker' | 'defender', loser: number): number {
    this.begin(s);
    if (c.n >= 255) return netDamage(s, c, winner, winnerRole, loser);
    const key = (winner * 256 + loser) * 2 + (winnerRole === 'attacker' ? 1 : 0);
    let d = this.damages.get(key);
    if (d !== undefined) return d;
    const kw = memberKey(s, winner);
    const kl = memberKey(s, loser);
    if (kw < 0 || kl < 0) {
      d = netDamage(s, c, winner, winnerRole, loser);
    } else {
      const stateKey = (kw * MEMBER_SPAN + kl) * ROUND_SPAN + s.round;
      let inner = this.lastingDamages.get(key);
      if (inner === undefined) {
        inner = new Map();
        this.lastingDamages.set(key, inner);
      }
      d = inner.get(stateKey);
      if (d === undefined) {
        d = netDamage(s, c, winner, winnerRole, loser);
        inner.set(stateKey, d);
        this.lastingSize++;
      }
    }
    this.damages.set(key, d);
    return d;
  }

  private computeRoll(s: BattleState, c: Compiled, ctx: EffectContext): Roll {
    const m = ctx.member;
    const role = ctx.role;
    const opp = ctx.opponent ?? -1;
    const inSwarm = ctx.inSwarm === true;
    const vsSwarm = ctx.vsSwarm === true;
    const die = (effectLast(s, c, EK.dieOverride, m, role, opp, inSwarm, vsSwarm) ?? c.members[m].die) as DieName;
    const kh = effectLast(s, c, EK.keepHighest, m, role, opp, inSwarm, vsSwarm) as DieName | null;
    const mod = effectSum(s, c, EK.rollModifier, m, role, opp, inSwarm, vsSwarm);
    const lost = c.members[m].maxHealth - s.health[m];
    const lastStand = (s.flags[m] & FLAG.lastStand) !== 0;
    const id = this.table!.rollerId({ die, lost, lastStand, keepHighest: kh ?? undefined, rollModifier: mod });
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

/** The round as the effects of members `a` and `t` see it: the round when one of them may read it (R11 `roundAtLeast`), else 0. */
const roundKey = (s: BattleState, c: Compiled, a: number, t: number): number => (c.effects.readsRound[a] || c.effects.readsRound[t] ? s.round : 0);

/** Numbers in a single pair's state signature (see `OddsCache.pairGet`). */
const PAIR_SIG = 7;
/** Entries of the lasting caches before they start over (bounds memory on long runs). */
const LASTING_LIMIT = 200_000;
/** Rounds, Areas and Health values the lasting keys can hold; beyond them nothing is cached across states. */
const ROUND_SPAN = 128;
const AREA_SPAN = 64;
const HEALTH_SPAN = 2048;
const MEMBER_SPAN = AREA_SPAN * HEALTH_SPAN;

/** Health and Area of member `m` as one key (< MEMBER_SPAN), or -1 when out of range (or the round is). */
const memberKey = (s: BattleState, m: number): number => {
  const h = s.health[m];
  const a = s.area[m];
  if (h < 0 || h >= HEALTH_SPAN || a < 0 || a >= AREA_SPAN || s.round < 0 || s.round >= ROUND_SPAN) return -1;
  return h * AREA_SPAN + a;
};

/**
 * Everything of member `m`'s state that its effects, rolls and damage values read — Health,
 * Last Stand and Area — as one key below {@link MEMBER_STATE_SPAN}, or -1 when out of range.
 * With the round, it keys values cached across states.
 */
export const memberStateKey = (s: BattleState, m: number): number => {
  const k = memberKey(s, m);
  return k < 0 ? -1 : k * 2 + ((s.flags[m] & FLAG.lastStand) !== 0 ? 1 : 0);
};
/** Bound of {@link memberStateKey}. */
export const MEMBER_STATE_SPAN = MEMBER_SPAN * 2;
/** Bound of the round in lasting keys; a round at or beyond it is never cached across states. */
export const LASTING_ROUNDS = ROUND_SPAN;

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
  if (falls) {
    let points = s.setup.scoring.perEnemyIncapacitated;
    for (const o of c.objectives) if (o.def.kind === 'eliminate' && (o.def.any === true || o.named.includes(m))) points += o.points;
    return worth + points * POINT_WEIGHT;
  }
  return (Math.min(amount, health) * worth) / (c.members[m].maxHealth + 1);
};

/** Damage `winner` deals to `loser` after armor (R5.1), with roles as in the Clash. */
export const netDamage = (s: BattleState, c: Compiled, winner: number, winnerRole: 'attacker' | 'defender', loser: number): number => {
  const loserRole = winnerRole === 'attacker' ? 'defender' : 'attacker';
  const dealt = effectMax(s, c, EK.damage, 1, winner, winnerRole, loser);
  return Math.max(0, dealt - Math.max(0, effectSum(s, c, EK.armor, loser, loserRole, winner)));
};
