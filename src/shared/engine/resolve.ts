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
  const first: number[] = [];
  const rest: number[] = [];
  p.pairs.forEach((pair, i) => (firstStrikes(s, c, p, pair, i) ? first : rest).push(i));
  p.order = [...first, ...rest];
  p.stageEnd = s.setup.ruleset.clash.timing === 'simultaneous' ? first.length : 0;
}

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
  p.queued = [];
  const before = s.flags.slice();
  for (let i = 0; i < q.length; i += 4) {
    const m = q[i]!;
    takeHit(s, c, m, q[i + 1]!, q[i + 2]!, q[i + 3]!, events, (before[m]! & FLAG.lastStand) !== 0);
  }
}

/** Deals a lost Swarm/group pair to the chosen attacker (R6.3). */
export function applyLoss(s: BattleState, c: Compiled, p: PendingClash, pair: PendingPair, member: number, events: EventLog): void {
  const d = p.lossFrom;
  const amount = pair.mode === 'swarm' ? 1 : damageAt(s, c, d, 'defender', member, false, inSwarmOf(pair));
  hit(s, c, p, member, amount, armorAt(s, c, member, 'attacker', d, inSwarmOf(pair), false), d, events);
}

interface Rolled {
  result: number;
  best: number;
  rolls: number[];
}

function rollAttack(s: BattleState, c: Compiled, pair: PendingPair, alive: number[], opponent: number, purpose: 'clash' | 'reroll', events: EventLog): Rolled {
  if (pair.mode === 'single') {
    const r = rollAt(s, c, alive[0]!, 'attacker', opponent, inSwarmOf(pair), false, purpose, events);
    return { result: r, best: alive[0]!, rolls: [r] };
  }
  const rolls = alive.map((m) => rollAt(s, c, m, 'attacker', opponent, inSwarmOf(pair), false, purpose, events));
  let bi = 0;
  rolls.forEach((r, i) => {
    if (r > rolls[bi]!) bi = i;
  });
  const sw = s.setup.ruleset.swarm;
  const bonus = pair.mode === 'swarm' ? sw.bonusPerExtra * Math.max(0, alive.length - sw.minSize) : 0;
  const result = rolls[bi]! + bonus;
  events?.push({ type: 'groupRolled', mode: pair.mode === 'swarm' ? 'swarm' : 'group', members: alive.map((m) => c.members[m]!.key), best: rolls[bi]!, bonus, final: result });
  return { result, best: alive[bi]!, rolls };
}

type Outcome = 'attacker' | 'defender' | 'standoff' | 'both' | 'miss';

/** Resolves one pair; returns true when resolution must pause for a Swarm-loss choice. */
function resolvePair(s: BattleState, c: Compiled, p: PendingClash, index: number, events: EventLog): boolean {
  const pair = p.pairs[index]!;
  const knobs = s.setup.ruleset.clash;
  const t = pair.target;
  // Phased turns: a member taken out earlier in this phase still completes its attack (seed 002).
  const alive = pair.attackers.filter((m) => canStrike(s, m));
  const keys = pair.attackers.map((m) => c.members[m]!.key);
  if (alive.length === 0 || !isActive(s, t)) {
    events?.push({ type: 'pairResolved', attackers: keys, target: c.members[t]!.key, defender: null, attackerResult: 0, defenderResult: null, outcome: 'skipped' });
    return false;
  }
  let d = p.defenders[t] ?? -1;
  if (d >= 0 && !isActive(s, d)) d = -1;
  // Every roll effect of the attackers sees the member they actually face: an interceptor when one steps in (R3.3).
  const opp = d >= 0 ? d : t;
  const reach = p.reach?.[index] ?? 0;
  const tie = reach === 1 ? 'attacker' : reach === 2 ? 'defender' : knobs.tie;
  let att = rollAttack(s, c, pair, alive, opp, 'clash', events);
  // `reroll` (R11) of the single attacker facing `facing`, or of the defender.
  const attackerRerolls = (facing: number): boolean => effectAny(s, c, EK.reroll, alive[0]!, 'attacker', facing, inSwarmOf(pair), false) && canStrike(s, alive[0]!);
  let outcome: Outcome;
  let dRes: number | null = null;
  if (d < 0) {
    const threshold = knobs.absorb === 'threshold' ? knobs.absorbThreshold : 1;
    if (att.result < threshold && pair.mode === 'single' && attackerRerolls(t)) att = rollAttack(s, c, pair, alive, opp, 'reroll', events);
    outcome = att.result >= threshold ? 'attacker' : 'miss';
  } else {
    const once = knobs.defenderRolls === 'once';
    const rollDefence = (purpose: 'clash' | 'reroll'): number => rollAt(s, c, d, 'defender', pair.attackers[0]!, false, inSwarmOf(pair), purpose, events);
    dRes = once && p.onceRolls[d] !== undefined ? p.onceRolls[d]! : rollDefence('clash');
    const fresh = !(once && p.onceRolls[d] !== undefined);
    // A result is "not winning" when lower, or tied unless the tie goes to that side (R11 reroll).
    const attLosing = att.result < dRes || (att.result === dRes && tie !== 'attacker');
    if (attLosing && pair.mode === 'single' && attackerRerolls(d)) att = rollAttack(s, c, pair, alive, opp, 'reroll', events);
    const defLosing = dRes < att.result || (dRes === att.result && tie !== 'defender');
    if (fresh && defLosing && effectAny(s, c, EK.reroll, d, 'defender', pair.attackers[0]!, false, inSwarmOf(pair)) && canStrike(s, d)) dRes = rollDefence('reroll');
    if (once && fresh) p.onceRolls[d] = dRes;
    for (let i = 0; tie === 'reroll' && att.result === dRes && i < 10; i++) {
      att = rollAttack(s, c, pair, alive, opp, 'reroll', events);
      dRes = rollDefence('reroll');
    }
    if (att.result > dRes) outcome = 'attacker';
    else if (att.result < dRes) outcome = 'defender';
    else if (tie === 'attacker' || tie === 'defender') outcome = tie;
    else outcome = tie === 'bothDamaged' ? 'both' : 'standoff';
  }
  events?.push({ type: 'pairResolved', attackers: keys, target: c.members[t]!.key, defender: d < 0 ? null : c.members[d]!.key, attackerResult: att.result, defenderResult: dRes, outcome });
  if (outcome === 'attacker' || outcome === 'both') {
    const loser = d >= 0 ? d : t;
    const amount = pair.mode === 'swarm' ? s.setup.ruleset.swarm.damage : damageAt(s, c, att.best, 'attacker', loser, inSwarmOf(pair), false);
    hit(s, c, p, loser, amount, armorAt(s, c, loser, 'defender', att.best, false, inSwarmOf(pair)), att.best, events);
  }
  if (outcome !== 'defender' && outcome !== 'both') return false;
  if (pair.mode === 'single') {
    const a = alive[0]!;
    hit(s, c, p, a, damageAt(s, c, d, 'defender', a, false, inSwarmOf(pair)), armorAt(s, c, a, 'attacker', d, inSwarmOf(pair), false), d, events);
    return false;
  }
  p.lossFrom = d;
  const how = s.setup.ruleset.swarm.lossTarget;
  // Only a member still in the battle can take the loss (one taken out earlier in the phase is not).
  const lossable = alive.filter((m) => isActive(s, m));
  if (lossable.length === 0) return false;
  if (lossable.length > 1 && how === 'chosen') {
    p.lossChoices = lossable;
    return true;
  }
  let loser = lossable[0]!;
  if (how === 'random') loser = lossable[draw(s, lossable.length) - 1]!;
  else if (how === 'highestRoll') loser = lossable.includes(att.best) ? att.best : lossable[0]!;
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
