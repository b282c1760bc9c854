/**
 * Turn actions shared by the alternating and phased turn structures: declaring a Clash
 * (R3), moving (R8) and interacting (R9). Each validates first; with `dry` it stops there.
 */
import { planClash, responseHasChoice } from './clash';
import type { ClashPlan } from './clash';
import type { Compiled } from './compiled';
import { EK, effectSum } from './effect-index';
import type { EventLog } from './events';
import { addProgress, interactProblem } from './objectives';
import { continueResolution, orderPairs } from './resolve';
import { rollAt } from './rolls';
import { enemiesIn, isContested } from './state';
import type { Action, BattleState, PendingClash } from './types';
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
  if (!dry) beginClash(s, c, plan, events);
  return null;
}

/**
 * Carries out a legal Clash declaration (R3.1): the attackers spend their action, the Clash waits
 * for the response, or — when the responding side has no choice — every target absorbs and the
 * Clash resolves at once (R3.2, R4).
 */
export function beginClash(s: BattleState, c: Compiled, plan: ClashPlan, events: EventLog): void {
  const p: PendingClash = { side: s.side, pairs: plan.pairs, defenders: {}, next: 0, order: [], queued: [], startHealth: [], startFlags: [], stageEnd: 0, onceRolls: {}, lossChoices: [], lossFrom: -1 };
  for (const m of plan.attackers) s.used[m]! += 1;
  s.pending = p;
  markSlot(CR.clash);
  events?.push({
    type: 'clashDeclared',
    side: s.setup.sides[s.side]!.id,
    attacks: plan.attackers.map((m, i) => ({ attacker: c.members[m]!.key, target: c.members[plan.targetOf[i]!]!.key })),
    swarms: plan.swarms.map((sw) => sw.map((m) => c.members[m]!.key)),
  });
  if (responseHasChoice(s, c, plan.targets)) {
    s.phase = 'respond';
    s.side = (1 - s.side) as 0 | 1;
    return;
  }
  const responses: Record<string, 'absorb'> | null = events === null ? null : {};
  for (const t of plan.targets) {
    if (responses !== null) responses[c.members[t]!.key] = 'absorb';
    p.defenders[t] = -1;
  }
  if (responses !== null) events?.push({ type: 'responses', side: s.setup.sides[1 - s.side]!.id, responses, interceptors: {} });
  orderPairs(s, c, p);
  continueResolution(s, c, events);
}

/** Moves a member (R8.2), with the Retreat roll when it applies (R8.4). */
export function move(s: BattleState, c: Compiled, m: number, to: string, events: EventLog, dry: boolean): string | null {
  const dest = c.areaIndex.get(to);
  if (dest === undefined) return `Area '${to}' is not in this scenario`;
  if (!destinations(s, c, m).includes(dest)) return `${c.members[m]!.name} cannot move from ${s.setup.areas[s.area[m]!]!.name} to ${s.setup.areas[dest]!.name}: follow the Area links (R8.2)`;
  if (!dry) moveTo(s, c, m, dest, events);
  return null;
}

/** Carries out a legal move of member `m` to Area `dest` (R8.2), with the Retreat roll when it applies (R8.4). */
export function moveTo(s: BattleState, c: Compiled, m: number, dest: number, events: EventLog): void {
  s.used[m]! += 1;
  const from = s.area[m]!;
  const knobs = s.setup.ruleset.movement;
  if (knobs.retreat === 'roll' && isContested(s, c, from)) {
    const roll = rollAt(s, c, m, undefined, -1, false, false, 'retreat', events);
    if (roll < knobs.retreatTarget) {
      markSlot(CR.retreatFailed);
      events?.push({ type: 'retreatFailed', member: c.members[m]!.key, roll, target: knobs.retreatTarget });
      return;
    }
  }
  s.area[m] = dest;
  markSlot(CR.move);
  events?.push({ type: 'moved', member: c.members[m]!.key, from: s.setup.areas[from]!.id, to: s.setup.areas[dest]!.id });
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
  if (o.def.kind === 'interact' && o.def.whenContested === 'roll' && enemiesIn(s, c, s.area[m]!, c.sideOf[m]!)) success = rollAt(s, c, m, undefined, -1, false, false, 'interact', events) >= o.difficulty;
  addProgress(s, c, m, i, 1 + Math.max(0, effectSum(s, c, EK.progressBonus, m)), success, events);
}
