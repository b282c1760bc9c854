/**
 * Greedy's value of a Clash (R3.1–R3.4, R6.1): its attacks grouped into the pairs the Clash
 * resolves, each target's pairs summed at the Health it is expected to have left, and the
 * responder's best answer per target. Assignment codes share per-target sums within a decision.
 */
import { ACT, argA, argB, argC, attacksOf, kindOf } from '../action-codes';
import type { ActionBuffer } from '../action-codes';
import type { Compiled } from '../compiled';
import { findSwarms, swarmMembers, swarmStart } from '../swarm-groups';
import { recordedSwarms } from '../swarm-records';
import type { Action, BattleState } from '../types';
import type { OddsCache } from './estimate';
import { SINGLE, SWARM_LEAD, SWARM_MEMBER } from './worth-memo';
import { isReady } from '../state';
import { ACTION_COST, addPairTo, decision, keyOf, one, scored, targetWorth, viewOf } from './greedy-pairs';
import { addSingleTo, singleWorth } from './flat-pairs';

type Clash = Extract<Action, { type: 'clash' }>;

/**
 * The pairs of the Clash being scored (reused between candidates): pair i has attackers
 * `att[from[i]] .. att[from[i + 1] − 1]`, target `tgt[i]` and is a Swarm when `swarm[i]`.
 */
const pairs = { from: [0] as number[], att: [] as number[], tgt: [] as number[], swarm: [] as boolean[], n: 0 };

/** Appends a pair: attackers `src[at] .. src[at + count − 1]` on `target`. */
const addPair = (src: ArrayLike<number>, at: number, count: number, target: number, swarm: boolean): void => {
  for (let i = 0; i < count; i++) pairs.att[pairs.from[pairs.n]! + i] = src[at + i]!;
  pairs.tgt[pairs.n] = target;
  pairs.swarm[pairs.n] = swarm;
  pairs.n++;
  pairs.from[pairs.n] = pairs.from[pairs.n - 1]! + count;
};

/**
 * Groups attacks `att[i]` → `tgt[i]` (i < k) into the pairs the Clash resolves: each declared
 * Swarm is one pair on the target of its first member (R6.1), then every other attack is a pair of
 * its own, in declared order. Swarm i is `members[start[i] .. start[i + 1] − 1]` (member indices),
 * i < `swarms` — the layout {@link findSwarms} writes.
 */
const groupPairs = (att: ArrayLike<number>, tgt: ArrayLike<number>, k: number, members: ArrayLike<number>, start: ArrayLike<number>, swarms: number): void => {
  pairs.n = 0;
  if (swarms === 0) {
    for (let i = 0; i < k; i++) addPair(att, i, 1, tgt[i]!, false);
    return;
  }
  for (let w = 0; w < swarms; w++) {
    const from = start[w]!;
    let t = -1;
    for (let i = 0; i < k && t < 0; i++) if (att[i] === members[from]) t = tgt[i]!;
    if (t >= 0) addPair(members, from, start[w + 1]! - from, t, true);
  }
  for (let i = 0; i < k; i++) {
    let swarming = false;
    for (let x = 0; x < start[swarms]! && !swarming; x++) swarming = members[x] === att[i];
    if (!swarming) addPair(att, i, 1, tgt[i]!, false);
  }
};

/** Targets in first-targeted order (scratch). */
let scoredTargets = new Int32Array(16);

/** The attackers of a pair of several (reused; a view keeps its own copy). */
const several: number[] = [];

/**
 * Value of the Clash whose pairs are in {@link pairs}, committing `attacks` members (R3.1–R3.4):
 * per target, in first-targeted order, the worth of its pairs in declared order (see
 * {@link pairsWorth}). Left in {@link scored}.
 */
const scorePairs = (s: BattleState, c: Compiled, odds: OddsCache, attacks: number): void => {
  let total = -ACTION_COST * attacks;
  if (scoredTargets.length < pairs.n) scoredTargets = new Int32Array(2 * pairs.n);
  let nTargets = 0;
  for (let i = 0; i < pairs.n; i++) {
    const target = pairs.tgt[i]!;
    let j = 0;
    while (j < nTargets && scoredTargets[j] !== target) j++;
    if (j === nTargets) scoredTargets[nTargets++] = target;
  }
  for (let j = 0; j < nTargets; j++) {
    pairsWorth(s, c, odds, scoredTargets[j]!);
    total += scored[0]!;
  }
  scored[0] = total;
};

/**
 * Worth to the attackers of target `t` under its pairs in {@link pairs}, in declared order: each
 * pair valued at the Health the target is expected to have left (no overkill), then
 * {@link targetWorth}. Kept in the {@link WorthMemo} by the pairs' members and states. Left in {@link scored}.
 */
const pairsWorth = (s: BattleState, c: Compiled, odds: OddsCache, t: number): void => {
  let only = -1;
  let count = 0;
  for (let i = 0; i < pairs.n; i++) if (pairs.tgt[i] === t && count++ === 0) only = i;
  if (count === 1 && !pairs.swarm[only]! && pairs.from[only + 1]! - pairs.from[only]! === 1) return singleWorth(s, c, odds, pairs.att[pairs.from[only]!]!, t);
  const memo = odds.worths;
  let known = memo.start(c, t, isReady(s, c, t), keyOf(s, c, odds, t));
  for (let i = 0; i < pairs.n && known; i++) {
    if (pairs.tgt[i] !== t) continue;
    const swarm = pairs.swarm[i]!;
    for (let x = pairs.from[i]!; x < pairs.from[i + 1]! && known; x++) {
      const a = pairs.att[x]!;
      known = memo.add(a, keyOf(s, c, odds, a), !swarm ? SINGLE : x === pairs.from[i] ? SWARM_LEAD : SWARM_MEMBER);
    }
  }
  if (known && memo.find()) {
    scored[0] = memo.found;
    return;
  }
  zero4(scratchSums, 0);
  for (let i = 0; i < pairs.n; i++) {
    if (pairs.tgt[i] !== t) continue;
    const from = pairs.from[i]!;
    const to = pairs.from[i + 1]!;
    let attackers = one;
    if (to - from === 1) {
      if (!pairs.swarm[i]) {
        addSingleTo(s, c, odds, scratchSums, 0, pairs.att[from]!, t);
        continue;
      }
      one[0] = pairs.att[from]!;
    } else {
      attackers = several;
      several.length = to - from;
      for (let x = from; x < to; x++) several[x - from] = pairs.att[x]!;
    }
    addPairTo(s, c, odds, scratchSums, 0, viewOf(s, c, odds, attackers, t, pairs.swarm[i]!), t);
  }
  targetWorth(s, c, t, scratchSums, 0);
  if (known) memo.setFrom(scored, 0);
};

/** Value of a declared Clash action (R3.1, R6.1). */
export const scoreClash = (s: BattleState, c: Compiled, odds: OddsCache, a: Clash): number => {
  const att = a.attacks.map((x) => c.keyIndex.get(x.attacker)!);
  const tgt = a.attacks.map((x) => c.keyIndex.get(x.target)!);
  const swarms = (a.swarms ?? []).map((sw) => sw.map((k) => c.keyIndex.get(k)!));
  const start = [0];
  for (const sw of swarms) start.push(start[start.length - 1]! + sw.length);
  groupPairs(att, tgt, att.length, swarms.flat(), start, swarms.length);
  scorePairs(s, c, odds, a.attacks.length);
  return scored[0]!;
};

/** Attacks of the Clash code being scored (reused). */
const attacks = { att: new Int32Array(16), tgt: new Int32Array(16) };

/**
 * Value of Clash code `code` (entry `i` of `buf`), left in {@link scored}: the same as
 * {@link scoreClash} of its action, without building it.
 */
export const scoreClashCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer, i: number): void => {
  if (argC(code) === 0) {
    const kind = kindOf(code);
    if (kind === ACT.clash) return scoreAssignment(s, c, odds, code, buf);
    const na = buf.teamNa[argA(code)]!;
    if (kind === ACT.clashAll && na <= 30) {
      groupWorth(s, c, odds, buf, argA(code), argB(code), (1 << na) - 1);
      scored[0] = -ACTION_COST * na + scored[0]!;
      return;
    }
    if (kind === ACT.clashPair) {
      singleWorth(s, c, odds, argA(code), argB(code));
      scored[0] = -ACTION_COST + scored[0]!;
      return;
    }
  }
  const k = attacksOf(code, buf, attacks);
  // The Swarms (R6.1) the enumeration of this decision recorded for the code, when it was asked to; else found again.
  const swarms = argC(code) !== 1 ? 0 : buf.swarmsRecorded ? recordedSwarms(buf, i) : findSwarms(s, c, attacks.att, attacks.tgt, k);
  groupPairs(attacks.att, attacks.tgt, k, swarmMembers, swarmStart, swarms);
  scorePairs(s, c, odds, k);
};

/**
 * Per decision, for the Clash codes of each Clash Area: the worth of one target under one subset
 * of the Area's team (bit i: the team's i-th member attacks it) — every candidate assigning that
 * subset to that target shares it. A small direct-mapped table (it stays in a core's nearest
 * cache) of {@link BY_TARGET_STRIDE}-double entries: the decision, the exact (Area, target, subset)
 * signature, the worth. A collision only looks the worth up again.
 */
const BY_TARGET_ENTRIES = 64;
const BY_TARGET_STRIDE = 4;
const byTarget = new Float64Array(BY_TARGET_ENTRIES * BY_TARGET_STRIDE);
/** Signatures of {@link byTarget}: (Area × (members + 1) + target) × this + subset, exact while below 2^53. */
const SUBSETS = 2 ** 31;

/**
 * Assignments decoded, by (options, attackers): for assignment number x (see `clashAssignment`),
 * at `x * (2 + 2 × na)`: how many attack, how many targets, then per target in first-targeted
 * order its option (target index + 1) and its attacker subset (bit i: the team's i-th member).
 * Pure functions of the numbers, so decoded once per shape (at most the cap of codes each).
 */
const decodedAssignments = new Map<number, Int32Array>();

/** The decoded assignments of a team of `na` attackers with `options` − 1 targets (see {@link decodedAssignments}). */
const assignmentsOf = (options: number, na: number): Int32Array => {
  const key = options * 64 + na;
  if (lastAssignments.key === key) return lastAssignments.table;
  let table = decodedAssignments.get(key);
  if (table !== undefined) {
    lastAssignments.key = key;
    lastAssignments.table = table;
    return table;
  }
  const stride = 2 + 2 * na;
  const total = options ** na;
  table = new Int32Array(total * stride);
  for (let code = 0; code < total; code++) {
    const o = code * stride;
    let x = code;
    let k = 0;
    let n = 0;
    for (let i = 0; i < na; i++) {
      const choice = x % options;
      x = Math.floor(x / options);
      if (choice === 0) continue;
      k++;
      let j = 0;
      while (j < n && table[o + 2 + 2 * j] !== choice) j++;
      if (j === n) {
        table[o + 2 + 2 * n] = choice;
        table[o + 3 + 2 * n] = 0;
        n++;
      }
      table[o + 3 + 2 * j] |= 1 << i;
    }
    table[o] = k;
    table[o + 1] = n;
  }
  decodedAssignments.set(key, table);
  lastAssignments.key = key;
  lastAssignments.table = table;
  return table;
};

/** The shape {@link assignmentsOf} answered last (consecutive codes share their Area's). */
const lastAssignments: { key: number; table: Int32Array } = { key: -1, table: new Int32Array(0) };

/**
 * Value of an assignment code without Swarms, left in {@link scored} — the same as
 * {@link scorePairs} of its pairs: each target's sums depend only on the ordered attackers on it,
 * so they are computed once per decision per (Area, target, attacker subset) and shared by the candidates.
 */
const scoreAssignment = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): void => {
  const area = argA(code);
  const at = buf.teamAt[area]!;
  const na = buf.teamNa[area]!;
  const options = buf.teamNt[area]! + 1;
  const stride = 2 + 2 * na;
  const o = argB(code) * stride;
  const table = assignmentsOf(options, na);
  const n = table[o + 1]!;
  let total = -ACTION_COST * table[o]!;
  // Teams too large for the Area's table use groupWorth's own memos only.
  const w = na > AREA_WORTHS_BITS || (options - 1) << na > 1 << AREA_WORTHS_BITS ? null : areaWorthsOf(buf, area);
  for (let j = 0; j < n; j++) {
    const option = table[o + 2 + 2 * j]!;
    const subset = table[o + 3 + 2 * j]!;
    if (w === null) {
      groupWorth(s, c, odds, buf, area, buf.teams[at + na + option - 1]!, subset);
      total += scored[0]!;
      continue;
    }
    const k = ((option - 1) << na) | subset;
    if (w.stamp[k] !== w.gen) {
      freshGroupWorth(s, c, odds, buf, area, buf.teams[at + na + option - 1]!, subset);
      w.worth[k] = scored[0]!;
      w.stamp[k] = w.gen;
    }
    total += w.worth[k]!;
  }
  scored[0] = total;
};

/** Most (target, subset) entries of one Area's table in {@link areaWorths}: larger teams use {@link groupWorth}'s own memos only. */
const AREA_WORTHS_BITS = 12;

/**
 * The worths of the Clash Area whose assignment codes are being scored (consecutive codes share
 * their Area): entry (option − 1) × 2^na + subset is {@link groupWorth} of that target under that
 * subset of the team, valid while its stamp is `gen`. One array read per (target, subset) of a
 * code instead of {@link groupWorth}'s hashed table; a new decision, buffer or Area starts a new `gen`.
 */
const areaWorths = { decision: -1, buf: null as ActionBuffer | null, area: -1, gen: 0, stamp: new Int32Array(1 << AREA_WORTHS_BITS), worth: new Float64Array(1 << AREA_WORTHS_BITS) };

/** {@link areaWorths} made to hold for Clash Area `area` of `buf` in the current decision. */
const areaWorthsOf = (buf: ActionBuffer, area: number): typeof areaWorths => {
  const w = areaWorths;
  if (w.decision !== decision.id || w.buf !== buf || w.area !== area) {
    w.decision = decision.id;
    w.buf = buf;
    w.area = area;
    w.gen = (w.gen + 1) | 0;
  }
  return w;
};

/**
 * Worth to the attackers of target `t` attacked by the members of Clash Area `area`'s team in
 * `subset` (bit i: its i-th member), in team order: {@link addPairTo} over those pairs, then
 * {@link targetWorth}. Memoised per decision ({@link byTarget}) and across decisions (the {@link WorthMemo}). Left in {@link scored}.
 */
const groupWorth = (s: BattleState, c: Compiled, odds: OddsCache, buf: ActionBuffer, area: number, t: number, subset: number): void => {
  const na = buf.teamNa[area]!;
  const group = area * (c.n + 1) + t;
  const signature = group * SUBSETS + subset;
  const h = Math.imul(group ^ Math.imul(subset, 0x9e3779b1), 0x85ebca6b);
  const slot = na <= 30 && group < 1 << 21 ? ((h ^ (h >>> 16)) & (BY_TARGET_ENTRIES - 1)) * BY_TARGET_STRIDE : -1;
  if (slot >= 0 && byTarget[slot] === decision.id && byTarget[slot + 1] === signature) {
    scored[0] = byTarget[slot + 2]!;
    return;
  }
  freshGroupWorth(s, c, odds, buf, area, t, subset);
  if (slot >= 0) {
    byTarget[slot] = decision.id;
    byTarget[slot + 1] = signature;
    byTarget[slot + 2] = scored[0]!;
  }
};

/**
 * {@link groupWorth} without its per-decision table: the single pair's entry of the flat table,
 * or the {@link WorthMemo} (computed on a miss). Left in {@link scored}.
 */
const freshGroupWorth = (s: BattleState, c: Compiled, odds: OddsCache, buf: ActionBuffer, area: number, t: number, subset: number): void => {
  const at = buf.teamAt[area]!;
  const na = buf.teamNa[area]!;
  // One attacker: its pair's values are the worth's only input (one entry of the flat table).
  if (subset !== 0 && (subset & (subset - 1)) === 0) return singleWorth(s, c, odds, buf.teams[at + 31 - Math.clz32(subset)]!, t);
  // Across decisions: the same target and attackers in the same states (an exact signature).
  const memo = odds.worths;
  const known = remembered(s, c, odds, buf, at, na, t, subset);
  if (known && memo.find()) {
    scored[0] = memo.found;
    return;
  }
  zero4(scratchSums, 0);
  for (let i = 0; i < na; i++) {
    if ((subset & (1 << i)) !== 0) addSingleTo(s, c, odds, scratchSums, 0, buf.teams[at + i]!, t);
  }
  targetWorth(s, c, t, scratchSums, 0);
  if (known) memo.setFrom(scored, 0);
};

/** Starts the {@link WorthMemo} signature of target `t` under the team members in `subset`; false when a state cannot be keyed. */
const remembered = (s: BattleState, c: Compiled, odds: OddsCache, buf: ActionBuffer, at: number, na: number, t: number, subset: number): boolean => {
  const memo = odds.worths;
  if (!memo.start(c, t, isReady(s, c, t), keyOf(s, c, odds, t))) return false;
  for (let i = 0; i < na; i++) {
    if ((subset & (1 << i)) === 0) continue;
    const a = buf.teams[at + i]!;
    if (!memo.add(a, keyOf(s, c, odds, a))) return false;
  }
  return true;
};
const scratchSums = new Float64Array(4);

/** Zeroes the four running sums at `sums[o ..]` (inline: `fill` is a builtin call). */
const zero4 = (sums: Float64Array, o: number): void => {
  sums[o] = 0;
  sums[o + 1] = 0;
  sums[o + 2] = 0;
  sums[o + 3] = 0;
};
