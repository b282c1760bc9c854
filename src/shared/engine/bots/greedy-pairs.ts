/**
 * Greedy's view of one attack pair: the rolls of its attacker(s) and target (R1.4, R6.2), and
 * what the pair is worth to the attacking side if defended or absorbed (R3.2, R4, R5, R6.3),
 * memoised with the member states they depend on. Also the decision counter its per-decision memos share.
 */
import type { Compiled } from '../compiled';
import { isReady } from '../state';
import type { BattleState } from '../types';
import type { OddsCache } from './estimate';
import { damageValue } from './estimate';
import type { Roll } from './estimate';

/**
 * The decision being scored: per-decision memos are valid while their stamp is `id`. Greedy
 * starts a new one per decision (the state may have changed in place) and per state object scored.
 */
export const decision = { id: 1, state: null as BattleState | null };

/**
 * Where the hot scoring functions leave their value (each says so in its doc): V8 boxes a double
 * returned from a call it does not inline, one heap allocation per call and per scored code.
 * Read it right after the call.
 */
export const scored = new Float64Array(1);

/** Value to a defender of keeping its action by absorbing (R3.2, R3.4). */
export const KEEP_ACTION = 0.6;
/** Cost of spending one member's action. */
export const ACTION_COST = 0.15;

/** Rolls of one attack pair: the attacking roll (single or Swarm) and the target's defending roll. */
export interface PairView {
  attackers: number[];
  target: number;
  att: Roll;
  def: Roll;
  swarm: boolean;
  /** Values by target Health + HEALTH_OFFSET (see {@link pairValues}); lives exactly as long as the view's inputs hold. */
  byHealth?: (PairValues | undefined)[];
  /** Values at target Health outside the range of `byHealth`. */
  values?: Map<number, PairValues>;
}

/** Target Health values −HEALTH_OFFSET .. HEALTH_SPAN − HEALTH_OFFSET − 1 index `byHealth` (expected Health may go below 0). */
export const HEALTH_OFFSET = 32;
const HEALTH_SPAN = 160;

/**
 * Memo key of a pair (its attacker set, lead attacker, target, Swarm or not) for `kind` 0 (its
 * view; values live on the view); null when the battle is too large to key.
 */
const memoKey = (c: Compiled, attackers: number[], target: number, swarm: boolean, kind: number): number | null => {
  // 26 bits (a small integer, cheap as a Map key): up to 16 members per battle.
  if (c.n > 16) return null;
  let mask = 0;
  for (const a of attackers) mask |= 1 << a;
  return (((mask << 4) | attackers[0]) << 6) | (target << 2) | (swarm ? 2 : 0) | kind;
};

/**
 * Views already looked up in the current decision by the same cache, by (attacker, target) for
 * single pairs and by {@link memoKey} for groups: within a decision the state holds, so these
 * skip building the members' state keys again.
 */
const seen = { decision: 0, odds: null as OddsCache | null, gen: 0, stamp: new Int32Array(0), singles: [] as (PairView | undefined)[], groups: new Map<number, SeenGroup>() };

/** A group's view in {@link seen}: valid while `gen` is the current generation (entries are reused, not cleared per decision). */
interface SeenGroup {
  gen: number;
  view: PairView;
}

/** Most group entries {@link seen} keeps before it forgets them all (keys are bounded per setup; this bounds memory). */
const SEEN_GROUPS_MAX = 4096;

/** Makes {@link seen} hold for the current decision and cache. */
const seenNow = (c: Compiled, odds: OddsCache): void => {
  if (seen.decision === decision.id && seen.odds === odds && seen.stamp.length >= c.n * c.n) return;
  seen.decision = decision.id;
  seen.odds = odds;
  seen.gen++;
  // Group entries carry their generation: clearing the map per decision is a runtime call.
  if (seen.groups.size > SEEN_GROUPS_MAX) seen.groups.clear();
  if (seen.stamp.length < c.n * c.n) {
    seen.stamp = new Int32Array(c.n * c.n);
    seen.singles = new Array<PairView | undefined>(c.n * c.n);
  }
};

/** Member state keys of the current decision (see {@link keyOf}). */
const keys = { decision: 0, stamp: new Int32Array(0), key: new Int32Array(0) };

/** Member `m`'s state key ({@link OddsCache.memberKey}), computed once per decision. */
export const keyOf = (s: BattleState, c: Compiled, odds: OddsCache, m: number): number => {
  if (keys.stamp.length < c.n) {
    keys.stamp = new Int32Array(c.n);
    keys.key = new Int32Array(c.n);
  }
  if (keys.stamp[m] === decision.id) return keys.key[m]!;
  const k = odds.memberKey(s, c, m);
  keys.stamp[m] = decision.id;
  keys.key[m] = k;
  return k;
};

/** The rolls of a pair; a pure function of the state and the pair, so memoised per state. */
export const viewOf = (s: BattleState, c: Compiled, odds: OddsCache, attackers: number[], target: number, swarm: boolean): PairView => {
  seenNow(c, odds);
  // Single pairs (the common case, many times per decision): kept while both members' state holds.
  const single = !swarm && attackers.length === 1;
  const i = single ? attackers[0] * c.n + target : -1;
  if (single && seen.stamp[i] === seen.gen) return seen.singles[i]!;
  // Swarms and groups: kept while every member's state holds (one entry per member set, lead, target).
  const key = single ? null : memoKey(c, attackers, target, swarm, 0);
  if (key !== null) {
    const now = seen.groups.get(key);
    if (now !== undefined && now.gen === seen.gen) return now.view;
  }
  const view = storedView(s, c, odds, attackers, target, swarm, key);
  if (single) {
    seen.stamp[i] = seen.gen;
    seen.singles[i] = view;
  } else if (key !== null) {
    const entry = seen.groups.get(key);
    if (entry === undefined) seen.groups.set(key, { gen: seen.gen, view });
    else {
      entry.gen = seen.gen;
      entry.view = view;
    }
  }
  return view;
};

/** A pair's view from the cache's memos, kept by member state across decisions and battles (computed on a miss). */
const storedView = (s: BattleState, c: Compiled, odds: OddsCache, attackers: number[], target: number, swarm: boolean, key: number | null): PairView => {
  odds.begin(s);
  const single = key === null && !swarm && attackers.length === 1;
  if (single) {
    const hit = odds.pairGet(s, c, attackers[0], target) as PairView | undefined;
    if (hit !== undefined) return hit;
  }
  if (key !== null) {
    groupMembers.length = attackers.length + 1;
    groupMembers[0] = target;
    for (let a = 0; a < attackers.length; a++) groupMembers[a + 1] = attackers[a]!;
    const hit = odds.groupGet(s, c, key, groupMembers, groupMembers.length) as PairView | undefined;
    if (hit !== undefined) return hit;
  }
  const view = computeView(s, c, odds, attackers, target, swarm);
  if (single) odds.pairSet(s, c, attackers[0], target, view);
  else if (key !== null) odds.groupSet(s, c, key, groupMembers, groupMembers.length, view);
  return view;
};

/** Target and attackers of the group being looked up (reused). */
const groupMembers: number[] = [];

const computeView = (s: BattleState, c: Compiled, odds: OddsCache, shared: number[], target: number, swarm: boolean): PairView => {
  // Callers pass reused scratch arrays: the view keeps its own copy.
  const attackers = shared.slice();
  const def = odds.roll(s, c, { member: target, role: 'defender', opponent: attackers[0], vsSwarm: swarm });
  // Every view has the same shape (byHealth and values set later): their reads stay monomorphic.
  if (!swarm) return { attackers, target, att: odds.roll(s, c, { member: attackers[0], role: 'attacker', opponent: target }), def, swarm, byHealth: undefined, values: undefined };
  const rolls = attackers.map((a) => odds.roll(s, c, { member: a, role: 'attacker', opponent: target, inSwarm: true }));
  const bonus = s.setup.ruleset.swarm.bonusPerExtra * Math.max(0, attackers.length - s.setup.ruleset.swarm.minSize);
  return { attackers, target, att: odds.group(rolls, bonus), def, swarm, byHealth: undefined, values: undefined };
};

/** Value of a pair for the attacking side if defended, and if absorbed (memoised per state at the target's current Health). */
export const pairValues = (s: BattleState, c: Compiled, odds: OddsCache, v: PairView, targetHealth = s.health[v.target]): PairValues => {
  // Values depend on the state only through the view's own inputs (see viewOf), so they are kept on the view.
  const at = targetHealth + HEALTH_OFFSET;
  if (at >= 0 && at < HEALTH_SPAN && Number.isInteger(targetHealth)) {
    let byHealth = v.byHealth;
    if (byHealth === undefined) {
      byHealth = [];
      v.byHealth = byHealth;
    }
    let values = byHealth[at];
    if (values === undefined) {
      values = computeValues(s, c, odds, v, targetHealth);
      byHealth[at] = values;
    }
    return values;
  }
  let memo = v.values;
  if (memo === undefined) {
    memo = new Map();
    v.values = memo;
  }
  let values = memo.get(targetHealth);
  if (values === undefined) {
    values = computeValues(s, c, odds, v, targetHealth);
    memo.set(targetHealth, values);
  }
  return values;
};

const computeValues = (s: BattleState, c: Compiled, odds: OddsCache, v: PairView, targetHealth: number): PairValues => {
  const r = s.setup.ruleset;
  const lead = v.attackers[0];
  const toTarget = v.swarm ? r.swarm.damage : odds.damage(s, c, lead, 'attacker', v.target);
  const gain = damageValue(s, c, v.target, toTarget, targetHealth);
  // A lost Swarm pair costs its cheapest member 1 damage (R6.3); a single attacker takes the defender's damage.
  const loss = v.swarm
    ? Math.min(...v.attackers.map((a) => damageValue(s, c, a, 1)))
    : damageValue(s, c, lead, odds.damage(s, c, v.target, 'defender', lead));
  const p = odds.pair(s, v.att, v.def);
  const both = r.clash.tie === 'bothDamaged' ? p.tie * (gain - loss) : 0;
  const defended = p.attackerWins * gain - p.defenderWins * loss + both;
  const hitChance = r.clash.absorb === 'threshold' ? odds.atLeast(v.att, r.clash.absorbThreshold) : 1;
  return { defended, absorbed: hitChance * gain, hitsDefended: p.attackerWins * toTarget, hitsAbsorbed: hitChance * toTarget };
};

/** Values of one pair for the attacking side, and the expected damage it deals to the target. */
export interface PairValues {
  defended: number;
  absorbed: number;
  hitsDefended: number;
  hitsAbsorbed: number;
}

/** The attacker of a single pair (reused: most pairs have one attacker). */
export const one = [0];

/**
 * Adds one pair on `target` to that target's running sums at `sums[o ..]` (defended, absorbed,
 * expected hits if defended, if absorbed): later pairs on a target are valued at the Health it is
 * expected to have left (no overkill).
 */
export const addPairTo = (s: BattleState, c: Compiled, odds: OddsCache, sums: Float64Array, o: number, view: PairView, target: number): void => {
  const hp = s.health[target];
  const d = pairValues(s, c, odds, view, hp - Math.floor(sums[o + 2]));
  const ab = sums[o + 3] === sums[o + 2] ? d : pairValues(s, c, odds, view, hp - Math.floor(sums[o + 3]));
  sums[o] += d.defended;
  sums[o + 1] += ab.absorbed;
  sums[o + 2] += d.hitsDefended;
  sums[o + 3] += ab.hitsAbsorbed;
};

/** The responder picks defend or absorb per target, whichever is worse for the attackers (R3.2): the target's worth to them, from the running sums at `sums[o ..]`, left in {@link scored}. */
export const targetWorth = (s: BattleState, c: Compiled, t: number, sums: Float64Array, o: number): void => {
  // The sums are read here, not passed: a double passed to a call that is not inlined is boxed (garbage).
  const defended = sums[o]!;
  const absorbed = sums[o + 1]!;
  scored[0] = isReady(s, c, t) ? Math.min(defended, absorbed - KEEP_ACTION) : absorbed;
};
