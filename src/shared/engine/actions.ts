/**
 * Turn actions shared by the alternating and phased turn structures: declaring a Clash
 * (R3), moving (R8) and interacting (R9). Each validates first; with `dry` it stops there.
 */
import { planClash, responseHasChoice } from './clash';
import type { Compiled } from './compiled';
import { activeEffects, sumOf } from './effects';
import type { BattleEvent } from './events';
import { addProgress, interactProblem } from './objectives';
import { continueResolution, orderPairs } from './resolve';
import { rollMember } from './rolls';
import { enemiesIn, isContested } from './state';
import type { Action, BattleState, PendingClash } from './types';

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
export function startClash(s: BattleState, c: Compiled, a: Extract<Action, { type: 'clash' }>, events: BattleEvent[], dry: boolean, mayAct?: (m: number) => boolean): string | null {
  const plan = planClash(s, c, a, mayAct);
  if (typeof plan === 'string') return plan;
  if (dry) return null;
  const p: PendingClash = { side: s.side, pairs: plan.pairs, defenders: {}, next: 0, order: [], queued: [], startHealth: [], startFlags: [], stageEnd: 0, onceRolls: {}, lossChoices: [], lossFrom: -1 };
  for (const m of plan.attackers) s.used[m]! += 1;
  s.pending = p;
  events.push({ type: 'clashDeclared', side: a.side, attacks: a.attacks.map((x) => ({ attacker: x.attacker, target: x.target })), swarms: (a.swarms ?? []).map((l) => l.slice()) });
  if (responseHasChoice(s, c, plan.targets)) {
    s.phase = 'respond';
    s.side = (1 - s.side) as 0 | 1;
    return null;
  }
  const responses: Record<string, 'absorb'> = {};
  for (const t of plan.targets) {
    responses[c.members[t]!.key] = 'absorb';
    p.defenders[t] = -1;
  }
  events.push({ type: 'responses', side: s.setup.sides[1 - s.side]!.id, responses, interceptors: {} });
  orderPairs(s, c, p);
  continueResolution(s, c, events);
  return null;
}

/** Moves a member (R8.2), with the Retreat roll when it applies (R8.4). */
export function move(s: BattleState, c: Compiled, m: number, to: string, events: BattleEvent[], dry: boolean): string | null {
  const dest = c.areaIndex.get(to);
  if (dest === undefined) return `Area '${to}' is not in this scenario`;
  if (!destinations(s, c, m).includes(dest)) return `${c.members[m]!.name} cannot move from ${s.setup.areas[s.area[m]!]!.name} to ${s.setup.areas[dest]!.name}: follow the Area links (R8.2)`;
  if (dry) return null;
  s.used[m]! += 1;
  const from = s.area[m]!;
  const knobs = s.setup.ruleset.movement;
  if (knobs.retreat === 'roll' && isContested(s, c, from)) {
    const roll = rollMember(s, c, { member: m }, 'retreat', events);
    if (roll < knobs.retreatTarget) {
      events.push({ type: 'retreatFailed', member: c.members[m]!.key, roll, target: knobs.retreatTarget });
      return null;
    }
  }
  s.area[m] = dest;
  events.push({ type: 'moved', member: c.members[m]!.key, from: s.setup.areas[from]!.id, to: s.setup.areas[dest]!.id });
  return null;
}

/** One Interact action on an objective (R9.1–R9.3). */
export function interact(s: BattleState, c: Compiled, m: number, objective: string, events: BattleEvent[], dry: boolean): string | null {
  const i = c.objectiveIndex.get(objective);
  if (i === undefined) return `objective '${objective}' is not in this scenario`;
  const enemies = enemiesIn(s, c, s.area[m]!, c.sideOf[m]!);
  const problem = interactProblem(s, c, m, i, enemies);
  if (problem !== null || dry) return problem;
  s.used[m]! += 1;
  const o = c.objectives[i]!;
  let success = true;
  if (o.def.kind === 'interact' && o.def.whenContested === 'roll' && enemies) success = rollMember(s, c, { member: m }, 'interact', events) >= o.difficulty;
  addProgress(s, c, m, i, 1 + Math.max(0, sumOf(activeEffects(s, c, { member: m }), 'progressBonus')), success, events);
  return null;
}

