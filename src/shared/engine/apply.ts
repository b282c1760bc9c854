/**
 * `applyAction`: the reducer. Validates the action against the current decision, applies it
 * to a private copy and returns the new state with the events it produced. An illegal action
 * returns `action/illegal` and the input state is untouched.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { planClash, planResponse, responseHasChoice } from './clash';
import { compile } from './compiled';
import type { Compiled } from './compiled';
import type { BattleEvent } from './events';
import { addProgress, interactProblem } from './objectives';
import { applyLoss, continueResolution, orderPairs } from './resolve';
import { rollMember } from './rolls';
import { afterTurn } from './round';
import { canTakeTurn, cloneState, enemiesIn, isContested } from './state';
import { activeEffects, sumOf } from './effects';
import type { Action, BattleState, PendingClash } from './types';

type Applied = Result<{ state: BattleState; events: BattleEvent[] }>;
const illegal = (message: string): Applied => err('action/illegal', message);
/** `used` value of a member that Held: done for the round whatever its extra actions (R2.4). */
const HELD = 1_000_000;

/** Why the member may not take a turn action, or null. */
function actorProblem(s: BattleState, c: Compiled, key: unknown, side: number): string | null {
  const m = typeof key === 'string' ? c.keyIndex.get(key) : undefined;
  if (m === undefined) return `member '${String(key)}' is not in this battle`;
  if (c.sideOf[m] !== side) return `${c.members[m]!.name} is not on side '${s.setup.sides[side]!.id}'`;
  if (!canTakeTurn(s, c, m)) return `${c.members[m]!.name} is not ready (already activated, incapacitated or waiting for the start-of-combat phase)`;
  return null;
}

/** Where a member may move (R8.2): linked Areas, or every other Area without links. */
export function destinations(s: BattleState, c: Compiled, m: number): number[] {
  const from = s.area[m]!;
  const links = c.links[from];
  if (links !== null && links !== undefined) return links.filter((a) => a !== from);
  const out: number[] = [];
  for (let a = 0; a < c.links.length; a++) if (a !== from) out.push(a);
  return out;
}

function startClash(s: BattleState, c: Compiled, a: Extract<Action, { type: 'clash' }>, events: BattleEvent[], dry: boolean): string | null {
  const plan = planClash(s, c, a);
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

function respond(s: BattleState, c: Compiled, a: Extract<Action, { type: 'respond' }>, events: BattleEvent[], dry: boolean): string | null {
  const p = s.pending!;
  const targets: number[] = [];
  for (const pair of p.pairs) if (!targets.includes(pair.target)) targets.push(pair.target);
  const defenders = planResponse(s, c, a, targets);
  if (typeof defenders === 'string') return defenders;
  if (dry) return null;
  p.defenders = defenders;
  const activated = new Set<number>();
  for (const t of targets) if (defenders[t]! >= 0) activated.add(defenders[t]!);
  for (const m of activated) s.used[m]! += 1;
  const responses: Record<string, 'defend' | 'absorb'> = {};
  const interceptors: Record<string, string> = {};
  for (const t of targets) {
    const d = defenders[t]!;
    responses[c.members[t]!.key] = d >= 0 ? 'defend' : 'absorb';
    if (d >= 0 && d !== t) interceptors[c.members[t]!.key] = c.members[d]!.key;
  }
  events.push({ type: 'responses', side: a.side, responses, interceptors });
  orderPairs(s, c, p);
  continueResolution(s, c, events);
  return null;
}

function move(s: BattleState, c: Compiled, m: number, to: string, events: BattleEvent[], dry: boolean): string | null {
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

function interact(s: BattleState, c: Compiled, m: number, objective: string, events: BattleEvent[], dry: boolean): string | null {
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

/** Checks `action` against the state: null when legal, else the reason. Never mutates `s`. */
export function actionProblem(s: BattleState, action: Action): string | null {
  return run(s, action, true).problem;
}

function run(input: BattleState, action: Action, dry: boolean): { problem: string | null; state?: BattleState; events?: BattleEvent[] } {
  if (input.phase === 'ended') return { problem: 'the battle is over' };
  if (action === null || typeof action !== 'object') return { problem: 'an action must be an object' };
  const c = compile(input.setup);
  const side = c.sideIndex.get(action.side);
  if (side === undefined) return { problem: `side '${String(action.side)}' is not in this battle` };
  if (side !== input.side) return { problem: `it is side '${input.setup.sides[input.side]!.id}' that must decide now` };
  const expected = input.phase === 'respond' ? 'respond' : input.phase === 'swarmLoss' ? 'swarmLoss' : null;
  if (expected !== null && action.type !== expected) return { problem: `side '${action.side}' must answer with '${expected}' now` };
  if (expected === null && (action.type === 'respond' || action.type === 'swarmLoss')) return { problem: `there is nothing to ${action.type === 'respond' ? 'respond to' : 'choose'} now` };
  const s = dry ? input : cloneState(input);
  const events: BattleEvent[] = [];
  let problem: string | null;
  switch (action.type) {
    case 'clash':
      problem = startClash(s, c, action, events, dry);
      break;
    case 'respond':
      problem = respond(s, c, action, events, dry);
      break;
    case 'swarmLoss': {
      const m = c.keyIndex.get(action.member);
      const p = s.pending!;
      if (m === undefined || !p.lossChoices.includes(m)) return { problem: `'${String(action.member)}' is not a member of the losing Swarm; pick one of ${p.lossChoices.map((x) => c.members[x]!.key).join(', ')}` };
      if (dry) return { problem: null };
      p.lossChoices = [];
      events.push({ type: 'swarmLoss', member: c.members[m]!.key, how: 'chosen' });
      applyLoss(s, c, p, p.pairs[p.order[p.next]!]!, m, events);
      p.next++;
      s.phase = 'turn';
      continueResolution(s, c, events);
      problem = null;
      break;
    }
    case 'move':
    case 'interact':
    case 'hold': {
      const who = actorProblem(s, c, action.member, side);
      if (who !== null) return { problem: who };
      const m = c.keyIndex.get(action.member)!;
      if (action.type === 'move') problem = move(s, c, m, action.to, events, dry);
      else if (action.type === 'interact') problem = interact(s, c, m, action.objective, events, dry);
      else if (dry) problem = null;
      else {
        s.used[m] = HELD;
        events.push({ type: 'held', member: c.members[m]!.key });
        problem = null;
      }
      if (problem === null && !dry) afterTurn(s, c, events);
      break;
    }
    default:
      return { problem: `unknown action type '${String((action as { type?: unknown }).type)}'` };
  }
  return problem === null && !dry ? { problem, state: s, events } : { problem };
}

/**
 * Applies one decision (R2–R9). Returns the new state and the events in order; illegal actions
 * give `action/illegal` with a message naming the member and the fix, and change nothing.
 */
export function applyAction(state: BattleState, action: Action): Applied {
  const r = run(state, action, false);
  if (r.problem !== null || r.state === undefined) return illegal(r.problem ?? 'illegal action');
  return ok({ state: r.state, events: r.events! });
}
