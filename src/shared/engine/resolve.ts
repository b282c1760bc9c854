/**
 * Clash resolution (R4, R5, R6, R7, R11): pairs in order, simultaneous or sequential timing,
 * first strike, ties, absorbs, rerolls, Swarms and keepHighest groups. Resumable: a Swarm-loss
 * choice (R6.3 `chosen`) pauses resolution until the responding side picks the member.
 */
import type { Compiled } from './compiled';
import { armorAt, damageAt, takeHit } from './damage';
import { EK, effectAny } from './effect-index';
import type { EventLog } from './events';
import { draw, rollAt } from './rolls';
import { afterTurn } from './round';
import { canStrike, isActive } from './state';
import { FLAG } from './types';
import type { BattleState, PendingClash, PendingPair, SideIndex } from './types';
import { CR, markSlot } from './coverage';

// Effect contexts of a pair (R11 `when`), as scalars: an attacker faces `opponent` and may be in a
// Swarm; a defender faces the pair's lead attacker (or `opponent`) and may face a Swarm.
const inSwarmOf = (pair: PendingPair): boolean => pair.mode === 'swarm';

/** The member the attackers of a pair face: the interceptor or defender, else the target (R3.3). */
const opponentOf = (p: PendingClash, pair: PendingPair): number => {
  const d = p.defenders[pair.target] ?? -1;
  return d >= 0 ? d : pair.target;
};

function firstStrikes(s: BattleState, c: Compiled, p: PendingClash, pair: PendingPair, i: number): boolean {
  if ((p.reach?.[i] ?? 0) !== 0) return true;
  const opponent = opponentOf(p, pair);
  for (const m of pair.attackers) if (effectAny(s, c, EK.firstStrike, m, 'attacker', opponent, inSwarmOf(pair), false)) return true;
  const d = p.defenders[pair.target] ?? -1;
  return d >= 0 && effectAny(s, c, EK.firstStrike, d, 'defender', pair.attackers[0]!, false, inSwarmOf(pair));
}

const hasReach = (c: Compiled, m: number): boolean => c.members[m]!.reach === true;

/**
 * `phased.longerWeaponFirst` (R12, seed 002 note *): members not in a Clash this round or the
 * last meet; when only one side of a pair carries a `reach` weapon, that side strikes first
 * (1 attackers, 2 defender). Then every member of the Clash counts as engaged this round.
 */
function markReach(s: BattleState, c: Compiled, p: PendingClash): void {
  const engaged = s.engaged;
  if (engaged === undefined) return;
  const fresh = (m: number): boolean => engaged[m] === 0 || engaged[m]! < s.round - 1;
  p.reach = p.pairs.map((pair) => {
    const d = p.defenders[pair.target] ?? -1;
    if (d < 0 || !fresh(d) || !pair.attackers.every(fresh)) return 0;
    const attackers = pair.attackers.some((m) => hasReach(c, m));
    return attackers === hasReach(c, d) ? 0 : attackers ? 1 : 2;
  });
  for (const pair of p.pairs) {
    for (const m of pair.attackers) engaged[m] = s.round;
    const d = p.defenders[pair.target] ?? -1;
    if (d >= 0) engaged[d] = s.round;
  }
}

/** Orders pairs (first strikers first, R11) and marks the first-strike stage (simultaneous timing). */
export function orderPairs(s: BattleState, c: Compiled, p: PendingClash): void {
  markReach(s, c, p);
  const n = p.pairs.length;
  if (strikes.length < n) strikes = new Uint8Array(2 * n);
  let first = 0;
  for (let i = 0; i < n; i++) {
    strikes[i] = firstStrikes(s, c, p, p.pairs[i]!, i) ? 1 : 0;
    first += strikes[i]!;
  }
  const order = new Array<number>(n);
  let a = 0;
  let b = first;
  for (let i = 0; i < n; i++) order[strikes[i] === 1 ? a++ : b++] = i;
  p.order = order;
  p.stageEnd = s.setup.ruleset.clash.timing === 'simultaneous' ? first : 0;
}

/** Per pair of the Clash being ordered: 1 when it strikes first (scratch). */
let strikes = new Uint8Array(16);

function hit(s: BattleState, c: Compiled, p: PendingClash, m: number, amount: number, armor: number, from: number, events: EventLog): void {
  if (s.setup.ruleset.clash.timing === 'simultaneous') p.queued.push(m, amount, armor, from);
  else takeHit(s, c, m, amount, armor, from, events);
}

/**
 * Applies queued simultaneous damage (R4.5) all at once: a Captain brought to 0 by this step
 * enters Last Stand, and further pairs it lost in the same step do not count as Last Stand
 * losses (R7.3: only pairs lost once it is already in Last Stand count).
 */
function flush(s: BattleState, c: Compiled, p: PendingClash, events: EventLog): void {
  const q = p.queued;
  if (q.length === 0) return;
  // Last Stand as the step began, for each member hit in it.
  if (wasLastStand.length < q.length >> 2) wasLastStand = new Uint8Array(q.length);
  for (let i = 0; i < q.length; i += 4) wasLastStand[i >> 2] = (s.flags[q[i]!]! & FLAG.lastStand) !== 0 ? 1 : 0;
  const hits = q.length;
  for (let i = 0; i < hits; i += 4) takeHit(s, c, q[i]!, q[i + 1]!, q[i + 2]!, q[i + 3]!, events, wasLastStand[i >> 2] === 1);
  q.length = 0;
}

/** Per queued hit of the step being applied: its member was in Last Stand as the step began (scratch). */
let wasLastStand = new Uint8Array(16);

/** Deals a lost Swarm/group pair to the chosen attacker (R6.3). */
export function applyLoss(s: BattleState, c: Compiled, p: PendingClash, pair: PendingPair, member: number, events: EventLog): void {
  const d = p.lossFrom;
  if (pair.mode === 'swarm') markSlot(CR.swarmLoss);
  const amount = pair.mode === 'swarm' ? 1 : damageAt(s, c, d, 'defender', member, false, inSwarmOf(pair));
  hit(s, c, p, member, amount, armorAt(s, c, member, 'attacker', d, inSwarmOf(pair), false), d, events);
}

/** Attackers of the pair being resolved that may still strike, and their count (scratch: resolution never re-enters). */
let alive = new Int32Array(8);
let aliveCount = 0;
/** The attacker whose roll counted in the last {@link rollAttack}. */
let attBest = -1;

/**
 * Rolls the attackers of `pair` still able to strike (`alive`) against `opponent`: a single roll,
 * or the highest of a Swarm's or group's rolls plus the Swarm bonus (R6.2, R12 keepHighest).
 * Returns the result; the member whose die counted is left in `attBest`.
 */
function rollAttack(s: BattleState, c: Compiled, pair: PendingPair, opponent: number, purpose: 'clash' | 'reroll', events: EventLog): number {
  const inSwarm = inSwarmOf(pair);
  if (pair.mode === 'single') {
    attBest = alive[0]!;
    return rollAt(s, c, attBest, 'attacker', opponent, inSwarm, false, purpose, events);
  }
  let best = -Infinity;
  let bi = 0;
  for (let i = 0; i < aliveCount; i++) {
    const r = rollAt(s, c, alive[i]!, 'attacker', opponent, inSwarm, false, purpose, events);
    if (r > best) {
      best = r;
      bi = i;
    }
  }
  const sw = s.setup.ruleset.swarm;
  const bonus = pair.mode === 'swarm' ? sw.bonusPerExtra * Math.max(0, aliveCount - sw.minSize) : 0;
  attBest = alive[bi]!;
  if (events !== null) {
    const members: string[] = [];
    for (let i = 0; i < aliveCount; i++) members.push(c.members[alive[i]!]!.key);
    events.push({ type: 'groupRolled', mode: pair.mode === 'swarm' ? 'swarm' : 'group', members, best, bonus, final: best + bonus });
  }
  return best + bonus;
}

/** `reroll` (R11) of a single attacker `a` facing `facing`. */
const attackerRerolls = (s: BattleState, c: Compiled, a: number, facing: number, inSwarm: boolean): boolean => effectAny(s, c, EK.reroll, a, 'attacker', facing, inSwarm, false) && canStrike(s, a);

const keysOf = (c: Compiled, members: number[]): string[] => members.map((m) => c.members[m]!.key);

type Outcome = 'attacker' | 'defender' | 'standoff' | 'both' | 'miss';

/** Resolves one pair; returns true when resolution must pause for a Swarm-loss choice. */
function resolvePair(s: BattleState, c: Compiled, p: PendingClash, index: number, events: EventLog): boolean {
  const pair = p.pairs[index]!;
  const knobs = s.setup.ruleset.clash;
  const t = pair.target;
  const inSwarm = inSwarmOf(pair);
  // Phased turns: a member taken out earlier in this phase still completes its attack (seed 002).
  if (alive.length < pair.attackers.length) alive = new Int32Array(2 * pair.attackers.length);
  aliveCount = 0;
  for (const m of pair.attackers) if (canStrike(s, m)) alive[aliveCount++] = m;
  if (aliveCount === 0 || !isActive(s, t)) {
    events?.push({ type: 'pairResolved', attackers: keysOf(c, pair.attackers), target: c.members[t]!.key, defender: null, attackerResult: 0, defenderResult: null, outcome: 'skipped' });
    return false;
  }
  let d = p.defenders[t] ?? -1;
  if (d >= 0 && !isActive(s, d)) d = -1;
  // Every roll effect of the attackers sees the member they actually face: an interceptor when one steps in (R3.3).
  const opp = d >= 0 ? d : t;
  const reach = p.reach?.[index] ?? 0;
  const tie = reach === 1 ? 'attacker' : reach === 2 ? 'defender' : knobs.tie;
  let att = rollAttack(s, c, pair, opp, 'clash', events);
  let outcome: Outcome;
  let dRes: number | null = null;
  markSlot(pair.mode === 'swarm' ? CR.swarm : pair.mode === 'group' ? CR.keepHighest : CR.clash);
  if (d < 0) {
    markSlot(CR.absorb);
    const threshold = knobs.absorb === 'threshold' ? knobs.absorbThreshold : 1;
    if (att < threshold && pair.mode === 'single' && attackerRerolls(s, c, alive[0]!, t, inSwarm)) att = rollAttack(s, c, pair, opp, 'reroll', events);
    outcome = att >= threshold ? 'attacker' : 'miss';
  } else {
    const once = knobs.defenderRolls === 'once';
    const lead = pair.attackers[0]!;
    const fresh = !(once && p.onceRolls[d] !== undefined);
    dRes = fresh ? rollAt(s, c, d, 'defender', lead, false, inSwarm, 'clash', events) : p.onceRolls[d]!;
    // A result is "not winning" when lower, or tied unless the tie goes to that side (R11 reroll).
    const attLosing = att < dRes || (att === dRes && tie !== 'attacker');
    if (attLosing && pair.mode === 'single' && attackerRerolls(s, c, alive[0]!, d, inSwarm)) att = rollAttack(s, c, pair, opp, 'reroll', events);
    const defLosing = dRes < att || (dRes === att && tie !== 'defender');
    if (fresh && defLosing && effectAny(s, c, EK.reroll, d, 'defender', lead, false, inSwarm) && canStrike(s, d)) dRes = rollAt(s, c, d, 'defender', lead, false, inSwarm, 'reroll', events);
    if (once && fresh) p.onceRolls[d] = dRes;
    for (let i = 0; tie === 'reroll' && att === dRes && i < 10; i++) {
      att = rollAttack(s, c, pair, opp, 'reroll', events);
      dRes = rollAt(s, c, d, 'defender', lead, false, inSwarm, 'reroll', events);
    }
    if (d !== t) markSlot(CR.interception);
    if (att === dRes) markSlot(CR.tie);
    if (att > dRes) outcome = 'attacker';
    else if (att < dRes) outcome = 'defender';
    else if (tie === 'attacker' || tie === 'defender') outcome = tie;
    else outcome = tie === 'bothDamaged' ? 'both' : 'standoff';
  }
  events?.push({ type: 'pairResolved', attackers: keysOf(c, pair.attackers), target: c.members[t]!.key, defender: d < 0 ? null : c.members[d]!.key, attackerResult: att, defenderResult: dRes, outcome });
  const best = attBest;
  if (outcome === 'attacker' || outcome === 'both') {
    const loser = d >= 0 ? d : t;
    const amount = pair.mode === 'swarm' ? s.setup.ruleset.swarm.damage : damageAt(s, c, best, 'attacker', loser, inSwarm, false);
    hit(s, c, p, loser, amount, armorAt(s, c, loser, 'defender', best, false, inSwarm), best, events);
  }
  if (outcome !== 'defender' && outcome !== 'both') return false;
  if (pair.mode === 'single') {
    const a = alive[0]!;
    hit(s, c, p, a, damageAt(s, c, d, 'defender', a, false, inSwarm), armorAt(s, c, a, 'attacker', d, inSwarm, false), d, events);
    return false;
  }
  p.lossFrom = d;
  const how = s.setup.ruleset.swarm.lossTarget;
  // Only a member still in the battle can take the loss (one taken out earlier in the phase is not).
  const lossable: number[] = [];
  for (let i = 0; i < aliveCount; i++) if (isActive(s, alive[i]!)) lossable.push(alive[i]!);
  if (lossable.length === 0) return false;
  if (lossable.length > 1 && how === 'chosen') {
    p.lossChoices = lossable;
    return true;
  }
  let loser = lossable[0]!;
  if (how === 'random') loser = lossable[draw(s, lossable.length) - 1]!;
  else if (how === 'highestRoll') loser = lossable.includes(best) ? best : lossable[0]!;
  events?.push({ type: 'swarmLoss', member: c.members[loser]!.key, how: lossable.length > 1 ? how : 'chosen' });
  applyLoss(s, c, p, pair, loser, events);
  return false;
}

/** Runs (or resumes) the pending Clash to its end, or to the next Swarm-loss pause. */
export function continueResolution(s: BattleState, c: Compiled, events: EventLog): void {
  const p = s.pending!;
  while (p.next < p.order.length) {
    if (p.next === p.stageEnd && p.stageEnd > 0) flush(s, c, p, events);
    if (resolvePair(s, c, p, p.order[p.next]!, events)) {
      s.phase = 'swarmLoss';
      s.side = (1 - p.side) as SideIndex;
      return;
    }
    p.next++;
  }
  flush(s, c, p, events);
  s.side = p.side;
  afterTurn(s, c, events);
}
