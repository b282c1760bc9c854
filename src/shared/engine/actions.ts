/**
 * Turn actions shared by the alternating and phased turn structures: declaring a Clash
 * (R3), moving (R8) and interacting (R9). Each validates first; with `dry` it stops there.
 */
import { blasts, expandClash, planClash, responseHasChoice, targetsHaveChoice } from './clash';
import type { SwarmList } from './clash';
import type { Compiled } from './compiled';
import { EK, effectSum } from './effect-index';
import type { BattleEvent, EventLog } from './events';
import { addProgress, interactProblem } from './objectives';
import { MODE, clashOf } from './pending-clash';
import type { ClashWork } from './pending-clash';
import { applyLoss, continueResolution, orderPairs, resolveLone } from './resolve';
import { rollAt } from './rolls';
import { enemiesIn, isContested, isReady } from './state';
import { touchMember } from './turn-index';
import type { Action, BattleState } from './types';
import { CR, markSlot } from './coverage';

/** Where a member may move (R8.2): linked Areas, or every other Area without links. */
export function destinations(s: BattleState, c: Compiled, m: number): number[] {
  const from = s.area[m]!;
  const links = c.links[from];
  if (links !== null && links !== undefined) return links.filter((a) => a !== from);
  const out: number[] = [];
  for (let a = 0; a < c.links.length; a++) if (a !== from) out.push(a);
  return out;
}

/**
 * Declares a Clash for the side whose turn it is; resolves it unless the responder has a choice.
 * `mayAct` overrides who may attack (phased turns: members able to act at the phase start).
 */
export function startClash(s: BattleState, c: Compiled, a: Extract<Action, { type: 'clash' }>, events: EventLog, dry: boolean, mayAct?: (m: number) => boolean): string | null {
  const plan = planClash(s, c, a, mayAct);
  if (typeof plan === 'string') return plan;
  if (!dry) beginClash(s, c, plan.attackers, plan.targetOf, plan.attackers.length, plan.swarms, events);
  return null;
}

/**
 * Carries out a legal Clash declaration (R3.1) — `att[i]` on `tgt[i]` for i < `k`, with declared
 * `swarms` — into the state's pending Clash: the attackers spend their action, the Clash waits for
 * the response, or — when the responding side has no choice — every target absorbs and the Clash
 * resolves at once (R3.2, R4).
 */
export function beginClash(s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number, swarms: SwarmList, events: EventLog): void {
  const w = clashOf(s);
  // (`=== true`: a compare, where a bare boolean field would take a generic ToBoolean.)
  // One attacker on one target, no Swarm, no blast, nothing that orders pairs (most Clashes): its one
  // single pair is resolved by `resolveLone` straight from `att[0]`/`tgt[0]` when the target has no
  // choice; only a Clash that waits for its response is written into `w` (what `expandClash` writes).
  const lone = k === 1 && swarms.count === 0 && c.noFirstStrike === true && s.engaged === undefined && !blasts(s, c, att[0]!, tgt[0]!);
  if (!lone) {
    w.reset(s.side, c.n, k, k);
    expandClash(s, c, w, att, tgt, k, swarms);
  }
  for (let i = 0; i < k; i++) s.used[att[i]!]! += 1;
  markSlot(CR.clash);
  if (events !== null) declaredEvent(s, c, att, tgt, k, swarms, events);
  // (`=== true` on the answers of calls that V8 keeps out of line: a compare instead of a generic ToBoolean.)
  if (lone ? isReady(s, c, tgt[0]!) === true || (c.interception === true && targetsHaveChoice(s, c, tgt, 1)) : responseHasChoice(s, c, w) === true) {
    if (lone) {
      w.reset(s.side, c.n, 1, 1);
      w.addSingle(att[0]!, tgt[0]!);
    }
    s.phase = 'respond';
    s.side = (1 - s.side) as 0 | 1;
    return;
  }
  if (lone) {
    if (events !== null) absorbEvent(s, c, tgt, 1, events);
    resolveLone(s, c, w, att[0]!, tgt[0]!, -1, 0, s.side, events);
    return;
  }
  for (let i = 0; i < w.targetCount; i++) w.defenderOf[w.targets[i]!] = -1;
  if (events !== null) absorbEvent(s, c, w.targets, w.targetCount, events);
  orderPairs(s, c, w);
  continueResolution(s, c, events, w);
}

/** The `clashDeclared` event of {@link beginClash}. */
function declaredEvent(s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number, swarms: SwarmList, events: BattleEvent[]): void {
  const attacks: { attacker: string; target: string }[] = [];
  for (let i = 0; i < k; i++) attacks.push({ attacker: c.members[att[i]!]!.key, target: c.members[tgt[i]!]!.key });
  const declared: string[][] = [];
  for (let j = 0; j < swarms.count; j++) {
    const keys: string[] = [];
    for (let x = swarms.start[j]!; x < swarms.start[j + 1]!; x++) keys.push(c.members[swarms.members[x]!]!.key);
    declared.push(keys);
  }
  events.push({ type: 'clashDeclared', side: s.setup.sides[s.side]!.id, attacks, swarms: declared });
}

/** The `responses` event of a Clash whose `count` targets all absorb, the responder having no choice (R3.2). */
function absorbEvent(s: BattleState, c: Compiled, targets: ArrayLike<number>, count: number, events: BattleEvent[]): void {
  const responses: Record<string, 'absorb'> = {};
  for (let i = 0; i < count; i++) responses[c.members[targets[i]!]!.key] = 'absorb';
  events.push({ type: 'responses', side: s.setup.sides[1 - s.side]!.id, responses, interceptors: {} });
}

/**
 * Carries out a legal response (R3.2, R3.3) already written into the pending Clash's defenders
 * (the target itself, an interceptor, or −1 absorbing, for every target): each defender spends
 * its action, then the Clash resolves.
 */
export function applyResponse(s: BattleState, c: Compiled, events: EventLog, w: ClashWork = clashOf(s)): void {
  for (let i = 0; i < w.targetCount; i++) {
    const d = w.defenderOf[w.targets[i]!]!;
    let first = d >= 0;
    for (let j = 0; j < i && first; j++) first = w.defenderOf[w.targets[j]!] !== d;
    if (first) {
      s.used[d]! += 1;
      touchMember(s, d); // the turn index: d spent its action
    }
  }
  if (events !== null) responsesEvent(s, c, w, events);
  // One single pair and nothing that orders pairs: resolved as `beginClash` resolves a lone Clash.
  if (w.pairCount === 1 && w.pairMode[0] === MODE.SINGLE && c.noFirstStrike === true && s.engaged === undefined) {
    const t = w.pairTarget[0]!;
    resolveLone(s, c, w, w.att[0]!, t, w.defender(t), w.hasReach ? w.reach[0]! : 0, w.side, events);
    return;
  }
  orderPairs(s, c, w);
  continueResolution(s, c, events, w);
}

/** The `responses` event of a response written into the pending Clash `w` (R3.2, R3.3). */
function responsesEvent(s: BattleState, c: Compiled, w: ClashWork, events: BattleEvent[]): void {
  const responses: Record<string, 'defend' | 'absorb'> = {};
  const interceptors: Record<string, string> = {};
  for (let i = 0; i < w.targetCount; i++) {
    const t = w.targets[i]!;
    const d = w.defenderOf[t]!;
    responses[c.members[t]!.key] = d >= 0 ? 'defend' : 'absorb';
    if (d >= 0 && d !== t) interceptors[c.members[t]!.key] = c.members[d]!.key;
  }
  events.push({ type: 'responses', side: s.setup.sides[s.side]!.id, responses, interceptors });
}

/** The responding side picks the member `m` of a losing Swarm that takes the loss (R6.3 `chosen`); resolution goes on. */
export function takeSwarmLoss(s: BattleState, c: Compiled, m: number, events: EventLog): void {
  const w = clashOf(s);
  w.lossCount = 0;
  events?.push({ type: 'swarmLoss', member: c.members[m]!.key, how: 'chosen' });
  applyLoss(s, c, w, w.order[w.next]!, m, events);
  w.next++;
  s.phase = 'turn';
  continueResolution(s, c, events, w);
}

/** Moves a member (R8.2), with the Retreat roll when it applies (R8.4). */
export function move(s: BattleState, c: Compiled, m: number, to: string, events: EventLog, dry: boolean): string | null {
  const dest = c.areaIndex.get(to);
  if (dest === undefined) return `Area '${to}' is not in this scenario`;
  if (!destinations(s, c, m).includes(dest)) return `${c.members[m]!.name} cannot move from ${s.setup.areas[s.area[m]!]!.name} to ${s.setup.areas[dest]!.name}: follow the Area links (R8.2)`;
  if (!dry) moveTo(s, c, m, dest, events);
  return null;
}

/**
 * Carries out a legal move of member `m` to Area `dest` (R8.2), with the Retreat roll when it applies (R8.4).
 * Kept small, the rare roll and the event out of line: it is inlined into `applyCode`.
 */
export function moveTo(s: BattleState, c: Compiled, m: number, dest: number, events: EventLog): void {
  s.used[m]! += 1;
  const from = s.area[m]!;
  if (c.retreatRoll === true && retreatFails(s, c, m, from, events)) return;
  s.area[m] = dest;
  markSlot(CR.move);
  if (events !== null) movedEvent(s, c, m, from, dest, events);
}

/** The Retreat roll of member `m` leaving Area `from` (R8.4): true, with its event, when it fails and `m` stays. */
function retreatFails(s: BattleState, c: Compiled, m: number, from: number, events: EventLog): boolean {
  if (!isContested(s, c, from)) return false;
  const roll = rollAt(s, c, m, undefined, -1, false, false, 'retreat', events);
  if (roll >= c.retreatTarget) return false;
  markSlot(CR.retreatFailed);
  events?.push({ type: 'retreatFailed', member: c.members[m]!.key, roll, target: c.retreatTarget });
  return true;
}

/** The `moved` event of member `m` from Area `from` to `dest` (R8.2). */
function movedEvent(s: BattleState, c: Compiled, m: number, from: number, dest: number, events: BattleEvent[]): void {
  events.push({ type: 'moved', member: c.members[m]!.key, from: s.setup.areas[from]!.id, to: s.setup.areas[dest]!.id });
}

/** One Interact action on an objective (R9.1–R9.3). */
export function interact(s: BattleState, c: Compiled, m: number, objective: string, events: EventLog, dry: boolean): string | null {
  const i = c.objectiveIndex.get(objective);
  if (i === undefined) return `objective '${objective}' is not in this scenario`;
  const enemies = enemiesIn(s, c, s.area[m]!, c.sideOf[m]!);
  const problem = interactProblem(s, c, m, i, enemies);
  if (problem === null && !dry) interactWith(s, c, m, i, events);
  return problem;
}

/** Carries out a legal Interact of member `m` with objective `i` (R9.1–R9.3): a roll when contested and the objective says so. */
export function interactWith(s: BattleState, c: Compiled, m: number, i: number, events: EventLog): void {
  s.used[m]! += 1;
  const o = c.objectives[i]!;
  let success = true;
  if (c.rollContested[i] === 1 && enemiesIn(s, c, s.area[m]!, c.sideOf[m]!)) success = rollAt(s, c, m, undefined, -1, false, false, 'interact', events) >= o.difficulty;
  addProgress(s, c, m, i, 1 + Math.max(0, effectSum(s, c, EK.progressBonus, m)), success, events);
}
