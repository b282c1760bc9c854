/**
 * The `greedy` bot: one-step lookahead. Every legal action is scored with exact pair odds and
 * objective values; the best is played (ties broken by the seeded rng).
 */
import { ACT, ActionBuffer, argA, argB, argC, attacksOf, decodeAction, enumerateActions, kindOf } from '../action-codes';
import { findSwarms, swarmMembers, swarmStart } from '../swarm-groups';
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { legalActions, listedActions } from '../legal';
import { enemiesIn, isActive, isReady } from '../state';
import { activeEffects, sumOf } from '../effects';
import type { Action, BattleState, Order } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';
import { OddsCache, POINT_WEIGHT, damageValue } from './estimate';
import type { Roll } from './estimate';

/** Value to a defender of keeping its action by absorbing (R3.2, R3.4). */
const KEEP_ACTION = 0.6;
/** Cost of spending one member's action. */
const ACTION_COST = 0.15;

type Clash = Extract<Action, { type: 'clash' }>;
type Respond = Extract<Action, { type: 'respond' }>;

/** Rolls of one attack pair: the attacking roll (single or Swarm) and the target's defending roll. */
interface PairView {
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
const HEALTH_OFFSET = 32;
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

/** The rolls of a pair; a pure function of the state and the pair, so memoised per state. */
const viewOf = (s: BattleState, c: Compiled, odds: OddsCache, attackers: number[], target: number, swarm: boolean): PairView => {
  // Single pairs (the common case, many times per decision): kept while both members' state holds.
  const single = !swarm && attackers.length === 1;
  odds.begin(s);
  if (single) {
    const hit = odds.pairGet(s, c, attackers[0], target) as PairView | undefined;
    if (hit !== undefined) return hit;
  }
  // Swarms and groups: kept while every member's state holds (one entry per member set and target).
  const key = single ? null : memoKey(c, attackers, target, swarm, 0);
  if (key !== null) {
    groupMembers.length = 0;
    groupMembers.push(target, ...attackers);
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
  if (!swarm) return { attackers, target, att: odds.roll(s, c, { member: attackers[0], role: 'attacker', opponent: target }), def, swarm };
  const rolls = attackers.map((a) => odds.roll(s, c, { member: a, role: 'attacker', opponent: target, inSwarm: true }));
  const bonus = s.setup.ruleset.swarm.bonusPerExtra * Math.max(0, attackers.length - s.setup.ruleset.swarm.minSize);
  return { attackers, target, att: odds.group(rolls, bonus), def, swarm };
};

/** Value of a pair for the attacking side if defended, and if absorbed (memoised per state at the target's current Health). */
const pairValues = (s: BattleState, c: Compiled, odds: OddsCache, v: PairView, targetHealth = s.health[v.target]): PairValues => {
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
interface PairValues {
  defended: number;
  absorbed: number;
  hitsDefended: number;
  hitsAbsorbed: number;
}

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

/** Targets in first-targeted order and, per target, [defended, absorbed, hits if defended, hits if absorbed] (scratch). */
let sums = new Float64Array(64);
let scoredTargets = new Int32Array(16);
/** The attacker of a single pair (reused: most pairs have one attacker). */
const one = [0];

/**
 * Adds one pair on `target` to that target's running sums at `sums[o ..]` (defended, absorbed,
 * expected hits if defended, if absorbed): later pairs on a target are valued at the Health it is
 * expected to have left (no overkill).
 */
const addPairTo = (s: BattleState, c: Compiled, odds: OddsCache, sums: Float64Array, o: number, view: PairView, target: number): void => {
  const hp = s.health[target];
  const d = pairValues(s, c, odds, view, hp - Math.floor(sums[o + 2]));
  const ab = sums[o + 3] === sums[o + 2] ? d : pairValues(s, c, odds, view, hp - Math.floor(sums[o + 3]));
  sums[o] += d.defended;
  sums[o + 1] += ab.absorbed;
  sums[o + 2] += d.hitsDefended;
  sums[o + 3] += ab.hitsAbsorbed;
};

/** The responder picks defend or absorb per target, whichever is worse for the attackers (R3.2): the target's worth to them. */
const targetWorth = (s: BattleState, c: Compiled, t: number, defended: number, absorbed: number): number =>
  isReady(s, c, t) ? Math.min(defended, absorbed - KEEP_ACTION) : absorbed;

/** Value of the Clash whose pairs are in {@link pairs}, committing `attacks` members (R3.1–R3.4). */
const scorePairs = (s: BattleState, c: Compiled, odds: OddsCache, attacks: number): number => {
  let total = -ACTION_COST * attacks;
  // Per target, in first-targeted order: summed values, and the expected damage so far (later
  // pairs gain less: no overkill).
  let nTargets = 0;
  if (sums.length < 4 * pairs.n) sums = new Float64Array(8 * pairs.n);
  if (scoredTargets.length < pairs.n) scoredTargets = new Int32Array(2 * pairs.n);
  for (let i = 0; i < pairs.n; i++) {
    const target = pairs.tgt[i]!;
    const from = pairs.from[i]!;
    const to = pairs.from[i + 1]!;
    let attackers = one;
    if (to - from === 1) one[0] = pairs.att[from]!;
    else attackers = pairs.att.slice(from, to);
    const view = viewOf(s, c, odds, attackers, target, pairs.swarm[i]!);
    let at = -1;
    for (let j = 0; j < nTargets && at < 0; j++) if (scoredTargets[j] === target) at = j;
    if (at < 0) {
      at = nTargets++;
      scoredTargets[at] = target;
      sums.fill(0, at * 4, at * 4 + 4);
    }
    addPairTo(s, c, odds, sums, at * 4, view, target);
  }
  for (let i = 0; i < nTargets; i++) total += targetWorth(s, c, scoredTargets[i]!, sums[i * 4], sums[i * 4 + 1]);
  return total;
};

/** Value of a declared Clash action (R3.1, R6.1). */
const scoreClash = (s: BattleState, c: Compiled, odds: OddsCache, a: Clash): number => {
  const att = a.attacks.map((x) => c.keyIndex.get(x.attacker)!);
  const tgt = a.attacks.map((x) => c.keyIndex.get(x.target)!);
  const swarms = (a.swarms ?? []).map((sw) => sw.map((k) => c.keyIndex.get(k)!));
  const start = [0];
  for (const sw of swarms) start.push(start[start.length - 1]! + sw.length);
  groupPairs(att, tgt, att.length, swarms.flat(), start, swarms.length);
  return scorePairs(s, c, odds, a.attacks.length);
};

/** Attacks of the Clash code being scored (reused). */
const attacks = { att: new Int32Array(16), tgt: new Int32Array(16) };

/** Value of a Clash code: the same as {@link scoreClash} of its action, without building it. */
const scoreClashCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): number => {
  if (argC(code) === 0) {
    const kind = kindOf(code);
    if (kind === ACT.clash) return scoreAssignment(s, c, odds, code, buf);
    if (kind === ACT.clashAll && buf.teamNa[argA(code)]! <= 30) return -ACTION_COST * buf.teamNa[argA(code)]! + groupWorth(s, c, odds, buf, argA(code), argB(code), (1 << buf.teamNa[argA(code)]!) - 1);
    if (kind === ACT.clashPair) {
      const t = argB(code);
      one[0] = argA(code);
      scratchSums.fill(0);
      addPairTo(s, c, odds, scratchSums, 0, viewOf(s, c, odds, one, t, false), t);
      return -ACTION_COST + targetWorth(s, c, t, scratchSums[0]!, scratchSums[1]!);
    }
  }
  const k = attacksOf(code, buf, attacks);
  // The Swarm modes are those of this state: the enumeration of this decision set them.
  const swarms = argC(code) === 1 ? findSwarms(s, c, attacks.att, attacks.tgt, k) : 0;
  groupPairs(attacks.att, attacks.tgt, k, swarmMembers, swarmStart, swarms);
  return scorePairs(s, c, odds, k);
};

/**
 * Per decision, for the assignment codes of each Clash Area: the summed values of one target under
 * one subset of the Area's team (bit i: the team's i-th member attacks it), and the target's worth
 * — every candidate assigning that subset to that target shares them. Valid while `stamp` is the
 * current decision's.
 */
const byTarget = { stamp: new Int32Array(0), sums: new Float64Array(0), worth: new Float64Array(0), decision: 1, state: null as BattleState | null };

/** Targets of the assignment being scored, in first-targeted order, and their attacker subsets (reused). */
let firstTargets = new Int32Array(16);
let subsets = new Int32Array(16);

/**
 * Value of an assignment code without Swarms — the same as {@link scorePairs} of its pairs: each
 * target's sums depend only on the ordered attackers on it, so they are computed once per
 * decision per (Area, target, attacker subset) and shared by the candidates.
 */
const scoreAssignment = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): number => {
  const area = argA(code);
  const at = buf.teamAt[area]!;
  const na = buf.teamNa[area]!;
  const nt = buf.teamNt[area]!;
  const options = nt + 1;
  if (firstTargets.length < na) {
    firstTargets = new Int32Array(2 * na);
    subsets = new Int32Array(2 * na);
  }
  let x = argB(code);
  let k = 0;
  let n = 0;
  for (let i = 0; i < na; i++) {
    const choice = x % options;
    x = Math.floor(x / options);
    if (choice === 0) continue;
    k++;
    let j = 0;
    while (j < n && firstTargets[j] !== choice) j++;
    if (j === n) {
      firstTargets[n] = choice;
      subsets[n++] = 0;
    }
    subsets[j] |= 1 << i;
  }
  let total = -ACTION_COST * k;
  for (let j = 0; j < n; j++) total += groupWorth(s, c, odds, buf, area, buf.teams[at + na + firstTargets[j]! - 1]!, subsets[j]!);
  return total;
};

/**
 * Worth to the attackers of target `t` attacked by the members of Clash Area `area`'s team in
 * `subset` (bit i: its i-th member), in team order: {@link addPairTo} over those pairs, then
 * {@link targetWorth}. Memoised per decision while the team has at most 6 members.
 */
const groupWorth = (s: BattleState, c: Compiled, odds: OddsCache, buf: ActionBuffer, area: number, t: number, subset: number): number => {
  const at = buf.teamAt[area]!;
  const na = buf.teamNa[area]!;
  const size = c.links.length * (c.n + 1) * 64;
  if (byTarget.stamp.length < size) {
    byTarget.stamp = new Int32Array(size);
    byTarget.sums = new Float64Array(4 * size);
    byTarget.worth = new Float64Array(size);
  }
  const slot = na <= 6 ? (area * (c.n + 1) + t) * 64 + subset : -1;
  if (slot >= 0 && byTarget.stamp[slot] === byTarget.decision) return byTarget.worth[slot]!;
  const o = slot >= 0 ? 4 * slot : 0;
  const sums4 = slot >= 0 ? byTarget.sums : scratchSums;
  sums4.fill(0, o, o + 4);
  for (let i = 0; i < na; i++) {
    if ((subset & (1 << i)) === 0) continue;
    one[0] = buf.teams[at + i]!;
    addPairTo(s, c, odds, sums4, o, viewOf(s, c, odds, one, t, false), t);
  }
  const worth = targetWorth(s, c, t, sums4[o]!, sums4[o + 1]!);
  if (slot >= 0) {
    byTarget.stamp[slot] = byTarget.decision;
    byTarget.worth[slot] = worth;
  }
  return worth;
};
const scratchSums = new Float64Array(4);

/** What scoring objectives in `area` are worth to member `m`'s side now. */
const areaWorth = (s: BattleState, c: Compiled, m: number, area: number): number => {
  const side = c.sideOf[m];
  let worth = 0;
  c.objectives.forEach((o, i) => {
    if (o.area !== area || (o.only !== -1 && o.only !== side)) return;
    const d = o.def;
    const pts = o.points * POINT_WEIGHT;
    if (d.kind === 'interact') {
      if (d.repeatable !== true && s.scored[i * 2] + s.scored[i * 2 + 1] > 0) return;
      worth += pts / Math.max(1, o.progress - s.progress[i * 2 + side]);
    } else if (d.kind === 'reach' || d.kind === 'control') {
      if (d.kind === 'reach' && d.once === true && s.scored[i * 2 + side] > 0) return;
      const rounds = Math.max(1, s.setup.rounds - s.round + 1);
      worth += (pts * Math.min(rounds, 3)) / 3;
    }
  });
  return worth;
};

const scoreMove = (s: BattleState, c: Compiled, m: number, to: number): number => {
  const from = s.area[m];
  const side = c.sideOf[m];
  let score = 0.5 * (areaWorth(s, c, m, to) - areaWorth(s, c, m, from)) - ACTION_COST;
  if (!enemiesIn(s, c, from, side) && enemiesIn(s, c, to, side)) score += 0.3;
  return score;
};

const scoreInteract = (s: BattleState, c: Compiled, m: number, objective: number): number => {
  const o = c.objectives[objective];
  const side = c.sideOf[m];
  const bonus = Math.max(0, sumOf(activeEffects(s, c, { member: m }), 'progressBonus'));
  const remaining = Math.max(1, o.progress - s.progress[objective * 2 + side]);
  let chance = 1;
  if (o.def.kind === 'interact' && o.def.whenContested === 'roll' && enemiesIn(s, c, o.area, side)) {
    chance = Math.max(0, Math.min(1, (c.members[m].sides - o.difficulty + 1) / c.members[m].sides));
  }
  const share = Math.min(1, (1 + bonus) / remaining);
  return chance * o.points * POINT_WEIGHT * (share >= 1 ? 1 : share * 0.8) - ACTION_COST;
};

/** Per member: 1 when the response being scored has it defend (reused). */
let defends = new Uint8Array(16);

/**
 * Value for the responding side of the response in {@link defends} (R3.2): per target, in the
 * order the pairs first target them, what its pairs are worth to the attackers, lost or kept.
 */
const scoreDefends = (s: BattleState, c: Compiled, odds: OddsCache): number => {
  const p = s.pending!;
  let total = 0;
  for (let i = 0; i < p.pairs.length; i++) {
    const t = p.pairs[i]!.target;
    let first = true;
    for (let j = 0; j < i && first; j++) if (p.pairs[j]!.target === t) first = false;
    if (!first) continue;
    const defend = defends[t] === 1;
    const v = targetLoss(s, c, odds, i, t, defend);
    total += defend ? v : v + (isReady(s, c, t) ? KEEP_ACTION : 0);
  }
  return total;
};

/**
 * Per decision: what the pairs on target `t` (its first pair at index `first`) are worth to the
 * attackers, negated — if it defends and if it absorbs. Every response code of the decision shares them.
 */
const losses = { stamp: new Int32Array(0), defend: new Float64Array(0), absorb: new Float64Array(0) };

const targetLoss = (s: BattleState, c: Compiled, odds: OddsCache, first: number, t: number, defend: boolean): number => {
  if (losses.stamp.length < c.n) {
    losses.stamp = new Int32Array(c.n);
    losses.defend = new Float64Array(c.n);
    losses.absorb = new Float64Array(c.n);
  }
  if (losses.stamp[t] === byTarget.decision) return defend ? losses.defend[t]! : losses.absorb[t]!;
  const p = s.pending!;
  let vd = 0;
  let va = 0;
  for (let j = first; j < p.pairs.length; j++) {
    const pair = p.pairs[j]!;
    if (pair.target !== t) continue;
    let alive = one;
    if (pair.attackers.length === 1) {
      if (!isActive(s, pair.attackers[0]!)) continue;
      one[0] = pair.attackers[0]!;
    } else {
      alive = pair.attackers.filter((m) => isActive(s, m));
      if (alive.length === 0) continue;
    }
    const values = pairValues(s, c, odds, viewOf(s, c, odds, alive, t, pair.mode === 'swarm'));
    vd -= values.defended;
    va -= values.absorbed;
  }
  losses.stamp[t] = byTarget.decision;
  losses.defend[t] = vd;
  losses.absorb[t] = va;
  return defend ? vd : va;
};

/** A response that intercepts is never chosen by greedy (it cannot value it). */
const INTERCEPT_SCORE = -1e6;

/** Value for the responding side of defending (or absorbing) each target of the pending Clash. */
const scoreResponse = (s: BattleState, c: Compiled, odds: OddsCache, a: Respond): number => {
  if (a.interceptors !== undefined && Object.keys(a.interceptors).length > 0) return INTERCEPT_SCORE;
  if (defends.length < c.n) defends = new Uint8Array(c.n);
  for (let m = 0; m < c.n; m++) defends[m] = a.responses[c.members[m].key] === 'defend' ? 1 : 0;
  return scoreDefends(s, c, odds);
};

/** Value of a response code: the same as {@link scoreResponse} of its action. */
const scoreResponseCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): number => {
  if (kindOf(code) === ACT.intercept) return INTERCEPT_SCORE;
  const ready = buf.ready;
  if (defends.length < c.n) defends = new Uint8Array(c.n);
  defends.fill(0);
  const mode = argA(code);
  const b = argB(code);
  for (let i = 0; i < ready.length; i++) defends[ready[i]!] = (mode === 0 && ((b >> i) & 1) === 1) || mode === 2 || (mode === 3 && i === b) ? 1 : 0;
  return scoreDefends(s, c, odds);
};

/** The Swarm member that loses least by taking the damage (R6.3 `chosen`): the first cheapest. */
const chooseLoss = (s: BattleState, c: Compiled, buf: ActionBuffer, n: number): number => {
  let best = buf.codes[0]!;
  let bestCost = Infinity;
  for (let i = 0; i < n; i++) {
    const code = buf.codes[i]!;
    if (kindOf(code) !== ACT.swarmLoss) continue;
    const cost = damageValue(s, c, argA(code), 1);
    if (cost < bestCost) {
      bestCost = cost;
      best = code;
    }
  }
  return best;
};

/** Scores one enumerated action code for the side deciding in `s`: {@link scoreAction} of its action. */
const scoreCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): number => {
  switch (kindOf(code)) {
    case ACT.hold:
      return 0;
    case ACT.move:
      return scoreMove(s, c, argA(code), argB(code));
    case ACT.interact:
      return scoreInteract(s, c, argA(code), argB(code));
    case ACT.clash:
    case ACT.clashPair:
    case ACT.clashAll:
      return scoreClashCode(s, c, odds, code, buf);
    case ACT.respond:
    case ACT.intercept:
      return scoreResponseCode(s, c, odds, code, buf);
    case ACT.swarmLoss:
      return -damageValue(s, c, argA(code), 1);
    default:
      return scoreAction(s, c, odds, buf.listed[argA(code)]!);
  }
};

/**
 * Scores one legal action for the side deciding in `s` (higher is better). Values are memoised per
 * decision: after changing `s` in place, start a new one with {@link rankActions} (or use a new state object).
 */
export const scoreAction = (s: BattleState, c: Compiled, odds: OddsCache, a: Action): number => {
  sameDecision(s);
  switch (a.type) {
    case 'clash':
      return scoreClash(s, c, odds, a);
    case 'respond':
      return scoreResponse(s, c, odds, a);
    case 'move':
      return scoreMove(s, c, c.keyIndex.get(a.member)!, c.areaIndex.get(a.to)!);
    case 'interact':
      return scoreInteract(s, c, c.keyIndex.get(a.member)!, c.objectiveIndex.get(a.objective)!);
    case 'hold':
      return 0;
    case 'swarmLoss':
      return -damageValue(s, c, c.keyIndex.get(a.member)!, 1);
    case 'declare':
      return scoreDeclare(s, c, odds, a);
    case 'drop':
      return scoreDrop(s, c, odds, a);
  }
};

/** Value of one phased order (R12) now: its Clash, Move or Interact as if taken as a turn. */
const orderValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  const m = c.keyIndex.get(o.member);
  if (m === undefined) return 0;
  if (o.act === 'clash' && o.target !== undefined) {
    const t = c.keyIndex.get(o.target);
    if (t === undefined || !isActive(s, t)) return 0;
    const v = pairValues(s, c, odds, viewOf(s, c, odds, [m], t, false));
    return (isReady(s, c, t) ? Math.min(v.defended, v.absorbed - KEEP_ACTION) : v.absorbed) - ACTION_COST;
  }
  if (o.act === 'move' && o.to !== undefined) {
    const to = c.areaIndex.get(o.to);
    return to === undefined ? 0 : scoreMove(s, c, m, to);
  }
  if (o.act === 'interact' && o.objective !== undefined) {
    const i = c.objectiveIndex.get(o.objective);
    return i === undefined ? 0 : scoreInteract(s, c, m, i);
  }
  return 0;
};

/** A held order may never fire: half its value, plus a little for staying ready to defend meanwhile. */
const HELD_SHARE = 0.5;
const READY_WHILE_HELD = 0.2;

/**
 * Order values of the current decision: the listed declarations share their Order objects, so
 * each order is valued once per decision (started by `decide` or `rankActions`, see {@link newDecision}).
 */
const orderMemo = { decision: 0, state: null as BattleState | null, values: new Map<Order, number>() };

const memoValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  if (orderMemo.decision !== byTarget.decision || orderMemo.state !== s) {
    orderMemo.decision = byTarget.decision;
    orderMemo.state = s;
    orderMemo.values.clear();
  }
  const memo = orderMemo.values;
  let v = memo.get(o);
  if (v === undefined) {
    v = orderValue(s, c, odds, o);
    v = o.trigger === undefined ? v : HELD_SHARE * v + READY_WHILE_HELD;
    memo.set(o, v);
  }
  return v;
};

/**
 * A phased declaration (R12 `turnStructure: phased`) is worth the sum of its orders; a grouped
 * Clash (with its Swarms) is scored as one Clash; orders held for a trigger count at a share.
 */
const scoreDeclare = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'declare' }>): number => {
  let total = 0;
  if (a.groups === undefined && a.swarms === undefined) {
    for (const o of a.orders) total += memoValue(s, c, odds, o);
    return total;
  }
  const first = new Map<string, Order>();
  for (const o of a.orders) if (!first.has(o.member)) first.set(o.member, o);
  const groups = [...(a.groups ?? []), ...(a.swarms ?? []).filter((sw) => !(a.groups ?? []).some((g) => g.includes(sw[0])))];
  const grouped = new Set(groups.flat());
  for (const g of groups) {
    const attacks = g.map((k) => ({ attacker: k, target: first.get(k)?.target ?? '' }));
    if (attacks.some((x) => !c.keyIndex.has(x.target))) continue;
    const swarms = (a.swarms ?? []).filter((sw) => sw.every((k) => g.includes(k)));
    total += scoreClash(s, c, odds, { type: 'clash', side: a.side, attacks, swarms });
  }
  const seen = new Set<string>();
  for (const o of a.orders) {
    const isFirst = !seen.has(o.member);
    seen.add(o.member);
    if (!(isFirst && grouped.has(o.member))) total += memoValue(s, c, odds, o);
  }
  return total;
};

/** Dropping orders at a phase start (R12) is worth what those orders would lose now. */
const scoreDrop = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'drop' }>): number => {
  const p = s.phased;
  if (p === undefined) return 0;
  let total = 0;
  p.orders.forEach((o, id) => {
    if (p.status[id] === 0 && a.members.includes(o.member)) total -= orderValue(s, c, odds, o);
  });
  return total;
};

/**
 * Starts a decision on `s` — possibly the same state object as the last decision, updated in
 * place by the runner: forgets the per-decision memos (Clash target values, order values).
 */
const newDecision = (s: BattleState, odds: OddsCache): void => {
  odds.fresh(s);
  byTarget.decision++;
  byTarget.state = s;
};

/** Scoring another state object than the current decision's starts a new decision (its memos would not hold). */
const sameDecision = (s: BattleState): void => {
  if (byTarget.state === s) return;
  byTarget.decision++;
  byTarget.state = s;
};

/** Legal actions sorted best first by {@link scoreAction}, with their scores. */
export const rankActions = (s: BattleState, odds: OddsCache): { action: Action; score: number }[] => {
  const c = compile(s.setup);
  newDecision(s, odds);
  return legalActions(s)
    .map((action) => ({ action, score: scoreAction(s, c, odds, action) }))
    .sort((x, y) => y.score - x.score);
};

/**
 * Creates the greedy bot; it only ever returns an action from `legalActions`. It scores the
 * enumerated action codes and builds only the action it plays; ties (within 1e-9) are broken by
 * the seeded rng, in listing order.
 */
export const greedyPolicy = (): Policy => {
  const odds = new OddsCache();
  const own = new ActionBuffer();
  let best = new Int32Array(64);
  const choose = (state: BattleState, rng: Rng, buf: ActionBuffer): number => {
    const c = compile(state.setup);
    newDecision(state, odds);
    const n = enumerateActions(state, c, buf, listedActions);
    if (n === 0) throw new Error('greedy: no legal action in a battle that has not ended');
    if (state.phase === 'swarmLoss') return chooseLoss(state, c, buf, n);
    if (best.length < n) best = new Int32Array(2 * n);
    let count = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const code = buf.codes[i]!;
      const score = scoreCode(state, c, odds, code, buf);
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best[0] = code;
        count = 1;
      } else if (Math.abs(score - bestScore) <= 1e-9) best[count++] = code;
    }
    return count === 1 ? best[0]! : best[rng.int(count)]!;
  };
  return {
    name: 'greedy',
    choose,
    decide(state: BattleState, rng: Rng): Action {
      return decodeAction(state, compile(state.setup), choose(state, rng, own), own);
    },
  };
};
