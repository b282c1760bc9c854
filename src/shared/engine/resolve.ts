/**
 * Clash resolution (R4, R5, R6, R7, R11): pairs in order, simultaneous or sequential timing,
 * first strike, ties, absorbs, rerolls, Swarms and keepHighest groups. Resumable: a Swarm-loss
 * choice (R6.3 `chosen`) pauses resolution until the responding side picks the member.
 */
import type { Compiled } from './compiled';
import { armorAt, damageAt, takeHit } from './damage';
import { EK, effectAny, firstStrikeAt } from './effect-index';
import type { Role } from './effect-index';
import type { EventLog } from './events';
import { draw, rollAt } from './rolls';
import { afterTurn } from './round';
import { canStrike, isActive } from './state';
import { FLAG } from './types';
import { MODE, clashOf } from './pending-clash';
import type { ClashWork } from './pending-clash';
import type { BattleState, SideIndex } from './types';
import { CR, markSlot } from './coverage';

// Compiled booleans (c.simultaneous, c.defenderOnce …) are tested `=== true`: a field's boolean is
// otherwise tested as any value would be.

// Effect contexts of a pair (R11 `when`), as scalars: an attacker faces `opponent` and may be in a
// Swarm; a defender faces the pair's lead attacker (or `opponent`) and may face a Swarm.
const inSwarmOf = (w: ClashWork, i: number): boolean => w.pairMode[i] === MODE.SWARM;

/** Pair `i` strikes first (R11 `firstStrike`, or reach under `phased.longerWeaponFirst`). */
function firstStrikes(s: BattleState, c: Compiled, w: ClashWork, i: number): boolean {
  if (w.hasReach && w.reach[i] !== 0) return true;
  const t = w.pairTarget[i]!;
  const d = w.defender(t);
  // The member the attackers face: the interceptor or defender, else the target (R3.3).
  const opponent = d >= 0 ? d : t;
  const inSwarm = inSwarmOf(w, i);
  for (let x = w.pairStart[i]!; x < w.pairStart[i + 1]!; x++) if (firstStrikeAt(s, c, w.att[x]!, 'attacker', opponent, inSwarm, false)) return true;
  return d >= 0 && firstStrikeAt(s, c, d, 'defender', w.att[w.pairStart[i]!]!, false, inSwarm);
}

const hasReach = (c: Compiled, m: number): boolean => c.members[m]!.reach === true;

/** Member `m` was in no Clash this round or the last (R12 `longerWeaponFirst`). */
const fresh = (engaged: number[], round: number, m: number): boolean => engaged[m] === 0 || engaged[m]! < round - 1;

/**
 * `phased.longerWeaponFirst` (R12, seed 002 note *): members not in a Clash this round or the
 * last meet; when only one side of a pair carries a `reach` weapon, that side strikes first
 * (1 attackers, 2 defender). Then every member of the Clash counts as engaged this round.
 */
function markReach(s: BattleState, c: Compiled, w: ClashWork): void {
  const engaged = s.engaged;
  if (engaged === undefined) return;
  for (let i = 0; i < w.pairCount; i++) {
    const d = w.defender(w.pairTarget[i]!);
    let allFresh = d >= 0 && fresh(engaged, s.round, d);
    let attackers = false;
    for (let x = w.pairStart[i]!; x < w.pairStart[i + 1]!; x++) {
      allFresh = allFresh && fresh(engaged, s.round, w.att[x]!);
      attackers = attackers || hasReach(c, w.att[x]!);
    }
    w.reach[i] = !allFresh || attackers === hasReach(c, d) ? 0 : attackers ? 1 : 2;
  }
  w.hasReach = true;
  for (let i = 0; i < w.pairCount; i++) {
    for (let x = w.pairStart[i]!; x < w.pairStart[i + 1]!; x++) engaged[w.att[x]!] = s.round;
    const d = w.defender(w.pairTarget[i]!);
    if (d >= 0) engaged[d] = s.round;
  }
}

/** Orders pairs (first strikers first, R11) and marks the first-strike stage (simultaneous timing). */
export function orderPairs(s: BattleState, c: Compiled, w: ClashWork): void {
  markReach(s, c, w);
  const n = w.pairCount;
  if (c.noFirstStrike === true && !w.hasReach) {
    // No firstStrike effect in the setup and no `longerWeaponFirst` reach: no pair strikes first,
    // so the declared order stands and there is no first-strike stage (what the loop below gives).
    for (let i = 0; i < n; i++) w.order[i] = i;
    w.orderCount = n;
    w.stageEnd = 0;
    return;
  }
  if (strikes.length < n) strikes = new Uint8Array(2 * n);
  let first = 0;
  for (let i = 0; i < n; i++) {
    strikes[i] = firstStrikes(s, c, w, i) ? 1 : 0;
    first += strikes[i]!;
  }
  let a = 0;
  let b = first;
  for (let i = 0; i < n; i++) w.order[strikes[i] === 1 ? a++ : b++] = i;
  w.orderCount = n;
  w.stageEnd = c.simultaneous === true ? first : 0;
}

/** Per pair of the Clash being ordered: 1 when it strikes first (scratch). */
let strikes = new Uint8Array(16);

/**
 * Deals a hit: queued for the simultaneous damage step (R4.5), or taken at once under sequential
 * timing or when `alone`: the only hit of a Clash of one pair, which nothing else can be applied
 * alongside (its step ends with that pair), so taking it now is taking it at the flush.
 */
function hit(s: BattleState, c: Compiled, w: ClashWork, m: number, amount: number, armor: number, from: number, events: EventLog, alone = false): void {
  if (c.simultaneous === true && !alone) w.queueHit(m, amount, armor, from);
  else takeHit(s, c, m, amount, armor, from, events);
}

/**
 * Applies queued simultaneous damage (R4.5) all at once: a Captain brought to 0 by this step
 * enters Last Stand, and further pairs it lost in the same step do not count as Last Stand
 * losses (R7.3: only pairs lost once it is already in Last Stand count).
 */
function flush(s: BattleState, c: Compiled, w: ClashWork, events: EventLog): void {
  const q = w.queued;
  const hits = w.queuedCount;
  if (hits === 0) return;
  // Last Stand as the step began, for each member hit in it.
  if (wasLastStand.length < hits >> 2) wasLastStand = new Uint8Array(hits);
  for (let i = 0; i < hits; i += 4) wasLastStand[i >> 2] = (s.flags[q[i]!]! & FLAG.lastStand) !== 0 ? 1 : 0;
  for (let i = 0; i < hits; i += 4) takeHit(s, c, q[i]!, q[i + 1]!, q[i + 2]!, q[i + 3]!, events, wasLastStand[i >> 2] === 1);
  w.queuedCount = 0;
}

/** Per queued hit of the step being applied: its member was in Last Stand as the step began (scratch). */
let wasLastStand = new Uint8Array(16);

/** Deals a lost Swarm/group pair to the chosen attacker (R6.3). */
export function applyLoss(s: BattleState, c: Compiled, w: ClashWork, pair: number, member: number, events: EventLog): void {
  const d = w.lossFrom;
  const inSwarm = inSwarmOf(w, pair);
  if (inSwarm) markSlot(CR.swarmLoss);
  const amount = inSwarm ? 1 : damageAt(s, c, d, 'defender', member, false, inSwarm);
  hit(s, c, w, member, amount, armorAt(s, c, member, 'attacker', d, inSwarm, false), d, events);
}

/** Attackers of the pair being resolved that may still strike, and their count (scratch: resolution never re-enters). */
let alive = new Int32Array(8);
let aliveCount = 0;
/** The attacker whose roll counted in the last {@link rollAttack}. */
let attBest = -1;

/**
 * Rolls the attackers of a Swarm or group pair still able to strike (`alive`) against `opponent`:
 * the highest of their rolls plus the Swarm bonus (R6.2, R12 keepHighest).
 * Returns the result; the member whose die counted is left in `attBest`.
 */
function rollAttack(s: BattleState, c: Compiled, mode: number, opponent: number, purpose: 'clash' | 'reroll', events: EventLog): number {
  const inSwarm = mode === MODE.SWARM;
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
  const bonus = mode === MODE.SWARM ? sw.bonusPerExtra * Math.max(0, aliveCount - sw.minSize) : 0;
  attBest = alive[bi]!;
  if (events !== null) {
    const members: string[] = [];
    for (let i = 0; i < aliveCount; i++) members.push(c.members[alive[i]!]!.key);
    events.push({ type: 'groupRolled', mode: mode === MODE.SWARM ? 'swarm' : 'group', members, best, bonus, final: best + bonus });
  }
  return best + bonus;
}

/** `reroll` (R11) of a single attacker `a` facing `facing`. */
const attackerRerolls = (s: BattleState, c: Compiled, a: number, facing: number, inSwarm: boolean): boolean => effectAny(s, c, EK.reroll, a, 'attacker', facing, inSwarm, false) && canStrike(s, a);

/** Member keys of pair `i`'s attackers (events only). */
const keysOf = (c: Compiled, w: ClashWork, i: number): string[] => {
  const out: string[] = [];
  for (let x = w.pairStart[i]!; x < w.pairStart[i + 1]!; x++) out.push(c.members[w.att[x]!]!.key);
  return out;
};

type Outcome = 'attacker' | 'defender' | 'standoff' | 'both' | 'miss';

/**
 * The outcome of a defended pair (R4.2, R4.3): the higher result wins; a tie goes as the `tie` knob
 * (or the pair's `longerWeaponFirst` side) says — to a side, both damaged, or a standoff — and marks
 * the tie rule's coverage slot.
 */
function defendedOutcome(att: number, dRes: number, tie: string): Outcome {
  if (att > dRes) return 'attacker';
  if (att < dRes) return 'defender';
  markSlot(CR.tie);
  if (tie === 'attacker' || tie === 'defender') return tie;
  return tie === 'bothDamaged' ? 'both' : 'standoff';
}

/** Members of the losing Swarm or group still in the battle (scratch of {@link resolvePair}). */
let lossable = new Int32Array(8);

/**
 * Resolves a pair of one attacker `a` on target `t` (R4, R5, R11 reroll) — 17 of every 17.3 pairs
 * (drowned-foundry): the straight path of {@link resolvePair}, short enough for its rolls, damage and
 * armor to be inlined. `d` is the target's defender as answered (−1: it absorbs), `reach` the pair's
 * `longerWeaponFirst` side (0: none), `alone` true for the only pair of its Clash (see `hit`).
 */
function resolveSingle(s: BattleState, c: Compiled, w: ClashWork, a: number, t: number, d: number, reach: number, alone: boolean, events: EventLog): void {
  if (!canStrike(s, a) || !isActive(s, t)) {
    events?.push({ type: 'pairResolved', attackers: [c.members[a]!.key], target: c.members[t]!.key, defender: null, attackerResult: 0, defenderResult: null, outcome: 'skipped' });
    return;
  }
  if (d >= 0 && !isActive(s, d)) d = -1;
  // Every roll effect of the attacker sees the member it actually faces: an interceptor when one steps in (R3.3).
  const opp = d >= 0 ? d : t;
  const tie = reach === 1 ? 'attacker' : reach === 2 ? 'defender' : c.tie;
  let att = rollAt(s, c, a, 'attacker', opp, false, false, 'clash', events);
  let outcome: Outcome;
  let dRes: number | null = null;
  markSlot(CR.clash);
  if (d < 0) {
    markSlot(CR.absorb);
    const threshold = c.absorbAt;
    if (att < threshold && attackerRerolls(s, c, a, t, false)) att = rollAt(s, c, a, 'attacker', opp, false, false, 'reroll', events);
    outcome = att >= threshold ? 'attacker' : 'miss';
  } else {
    dRes = defend(s, c, w, MODE.SINGLE, d, a, att, tie, events);
    // The attacker's reroll (R11) happens in `defend`, between the defender's first roll and its reroll.
    att = defended.att;
    if (d !== t) markSlot(CR.interception);
    outcome = defendedOutcome(att, dRes, tie);
  }
  events?.push({ type: 'pairResolved', attackers: [c.members[a]!.key], target: c.members[t]!.key, defender: d < 0 ? null : c.members[d]!.key, attackerResult: att, defenderResult: dRes, outcome });
  // `both` deals two hits, whose amounts and armor are read before either is taken: those stay queued.
  const now = alone && outcome !== 'both';
  if (outcome === 'attacker' || outcome === 'both') strike(s, c, w, a, 'attacker', d >= 0 ? d : t, 'defender', events, now);
  if (outcome === 'defender' || outcome === 'both') strike(s, c, w, d, 'defender', a, 'attacker', events, now);
}

/**
 * A single pair's hit (R5.1): `winner` in role `wins` deals its damage to `loser` in role `loses`,
 * less the loser's armor (a function of its own: resolveSingle's inlining budget goes to its rolls).
 */
function strike(s: BattleState, c: Compiled, w: ClashWork, winner: number, wins: Role, loser: number, loses: Role, events: EventLog, now: boolean): void {
  hit(s, c, w, loser, damageAt(s, c, winner, wins, loser, false, false), armorAt(s, c, loser, loses, winner, false, false), winner, events, now);
}

/** The attacker's result after {@link defend} (its reroll, if any, and tie rerolls). */
const defended = { att: 0 };

/**
 * The defended half of a pair (R4.2–R4.4, R11 reroll, R12 `defenderRolls: once`) in `mode` (`MODE.SINGLE`,
 * `GROUP` or `SWARM`), whose lead attacker is `lead` and result `att`: the defender `d` rolls (or reuses
 * its once-roll); a single attacker not winning may reroll (between the defender's first roll and its
 * reroll; a group or Swarm never rerolls); the defender not winning may reroll; a `reroll` tie rolls
 * again (a group or Swarm: its highest roll again). Returns the defender's result; the attacker's is
 * left in {@link defended}.
 */
function defend(s: BattleState, c: Compiled, w: ClashWork, mode: number, d: number, lead: number, att: number, tie: string, events: EventLog): number {
  const single = mode === MODE.SINGLE;
  const vsSwarm = mode === MODE.SWARM;
  const once = c.defenderOnce === true;
  const fresh = !(once && !Number.isNaN(w.onceRoll[d]!));
  let dRes = fresh ? rollAt(s, c, d, 'defender', lead, false, vsSwarm, 'clash', events) : w.onceRoll[d]!;
  if (single) {
    // A result is "not winning" when lower, or tied unless the tie goes to that side (R11 reroll).
    const attLosing = att < dRes || (att === dRes && tie !== 'attacker');
    if (attLosing && attackerRerolls(s, c, lead, d, false)) att = rollAt(s, c, lead, 'attacker', d, false, false, 'reroll', events);
  }
  const defLosing = dRes < att || (dRes === att && tie !== 'defender');
  if (fresh && defLosing && effectAny(s, c, EK.reroll, d, 'defender', lead, false, vsSwarm) && canStrike(s, d)) dRes = rollAt(s, c, d, 'defender', lead, false, vsSwarm, 'reroll', events);
  if (once && fresh) w.onceRoll[d] = dRes;
  for (let i = 0; tie === 'reroll' && att === dRes && i < 10; i++) {
    att = single ? rollAt(s, c, lead, 'attacker', d, false, false, 'reroll', events) : rollAttack(s, c, mode, d, 'reroll', events);
    dRes = rollAt(s, c, d, 'defender', lead, false, vsSwarm, 'reroll', events);
  }
  defended.att = att;
  return dRes;
}

/** Resolves pair `index` of the pending Clash `w`; returns true when resolution must pause for a Swarm-loss choice. */
function resolvePair(s: BattleState, c: Compiled, w: ClashWork, index: number, events: EventLog): boolean {
  const t = w.pairTarget[index]!;
  if (w.pairMode[index] === MODE.SINGLE) {
    resolveSingle(s, c, w, w.att[w.pairStart[index]!]!, t, w.defender(t), w.hasReach ? w.reach[index]! : 0, w.orderCount === 1, events);
    return false;
  }
  return resolveGroup(s, c, w, index, events);
}

/** {@link resolvePair} of a Swarm (R6) or a keepHighest group (R12): the highest roll counts, and a lost pair costs one member. */
function resolveGroup(s: BattleState, c: Compiled, w: ClashWork, index: number, events: EventLog): boolean {
  const t = w.pairTarget[index]!;
  const mode = w.pairMode[index]!;
  const inSwarm = mode === MODE.SWARM;
  const from = w.pairStart[index]!;
  const to = w.pairStart[index + 1]!;
  // Phased turns: a member taken out earlier in this phase still completes its attack (seed 002).
  if (alive.length < to - from) alive = new Int32Array(2 * (to - from));
  aliveCount = 0;
  for (let x = from; x < to; x++) if (canStrike(s, w.att[x]!)) alive[aliveCount++] = w.att[x]!;
  if (aliveCount === 0 || !isActive(s, t)) {
    events?.push({ type: 'pairResolved', attackers: keysOf(c, w, index), target: c.members[t]!.key, defender: null, attackerResult: 0, defenderResult: null, outcome: 'skipped' });
    return false;
  }
  let d = w.defender(t);
  if (d >= 0 && !isActive(s, d)) d = -1;
  // Every roll effect of the attackers sees the member they actually face: an interceptor when one steps in (R3.3).
  const opp = d >= 0 ? d : t;
  const reach = w.hasReach ? w.reach[index]! : 0;
  const tie = reach === 1 ? 'attacker' : reach === 2 ? 'defender' : c.tie;
  let att = rollAttack(s, c, mode, opp, 'clash', events);
  let outcome: Outcome;
  let dRes: number | null = null;
  markSlot(mode === MODE.SWARM ? CR.swarm : CR.keepHighest);
  if (d < 0) {
    markSlot(CR.absorb);
    outcome = att >= c.absorbAt ? 'attacker' : 'miss';
  } else {
    // A group or Swarm never rerolls (R11 reroll is a single attacker's); the defender may.
    dRes = defend(s, c, w, mode, d, w.att[from]!, att, tie, events);
    att = defended.att;
    if (d !== t) markSlot(CR.interception);
    outcome = defendedOutcome(att, dRes, tie);
  }
  events?.push({ type: 'pairResolved', attackers: keysOf(c, w, index), target: c.members[t]!.key, defender: d < 0 ? null : c.members[d]!.key, attackerResult: att, defenderResult: dRes, outcome });
  const best = attBest;
  // The one hit of a Clash of one pair is taken at once (see `hit`); `both` deals two, whose
  // amounts and armor are read before either is taken, so those stay queued.
  const alone = w.orderCount === 1 && outcome !== 'both';
  if (outcome === 'attacker' || outcome === 'both') {
    const loser = d >= 0 ? d : t;
    const amount = mode === MODE.SWARM ? s.setup.ruleset.swarm.damage : damageAt(s, c, best, 'attacker', loser, inSwarm, false);
    hit(s, c, w, loser, amount, armorAt(s, c, loser, 'defender', best, false, inSwarm), best, events, alone);
  }
  if (outcome !== 'defender' && outcome !== 'both') return false;
  w.lossFrom = d;
  const how = s.setup.ruleset.swarm.lossTarget;
  // Only a member still in the battle can take the loss (one taken out earlier in the phase is not).
  if (lossable.length < aliveCount) lossable = new Int32Array(2 * aliveCount);
  let n = 0;
  let bestLossable = false;
  for (let i = 0; i < aliveCount; i++) {
    if (!isActive(s, alive[i]!)) continue;
    lossable[n++] = alive[i]!;
    if (alive[i] === best) bestLossable = true;
  }
  if (n === 0) return false;
  if (n > 1 && how === 'chosen') {
    w.setLoss(lossable, n);
    return true;
  }
  let loser = lossable[0]!;
  if (how === 'random') loser = lossable[draw(s, n) - 1]!;
  else if (how === 'highestRoll') loser = bestLossable ? best : lossable[0]!;
  events?.push({ type: 'swarmLoss', member: c.members[loser]!.key, how: n > 1 ? how : 'chosen' });
  applyLoss(s, c, w, index, loser, events);
  return false;
}

/**
 * A Clash of one single pair, attacker `a` on target `t` (defender `d`, −1 absorbing), declared by
 * `side`, when nothing orders its pairs (no firstStrike effect, no `longerWeaponFirst`): resolved to
 * its end as {@link continueResolution} would — `orderPairs` gives the one order, a single pair
 * never pauses for a Swarm loss — without reading the pair back from the pending Clash `w` (which
 * only holds `onceRoll` and, for a `both` outcome, the two queued hits).
 */
export function resolveLone(s: BattleState, c: Compiled, w: ClashWork, a: number, t: number, d: number, reach: number, side: SideIndex, events: EventLog): void {
  resolveSingle(s, c, w, a, t, d, reach, true, events);
  flush(s, c, w, events);
  s.side = side;
  afterTurn(s, c, events);
}

/** Runs (or resumes) the pending Clash `w` of `s` (its storage, when the caller holds it) to its end, or to the next Swarm-loss pause. */
export function continueResolution(s: BattleState, c: Compiled, events: EventLog, w: ClashWork = clashOf(s)): void {
  while (w.next < w.orderCount) {
    if (w.next === w.stageEnd && w.stageEnd > 0) flush(s, c, w, events);
    if (resolvePair(s, c, w, w.order[w.next]!, events)) {
      s.phase = 'swarmLoss';
      s.side = (1 - w.side) as SideIndex;
      return;
    }
    w.next++;
  }
  flush(s, c, w, events);
  s.side = w.side;
  afterTurn(s, c, events);
}
