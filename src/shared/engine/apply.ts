/**
 * `applyAction`: the reducer. Validates the action against the current decision, applies it
 * to a private copy and returns the new state with the events it produced. An illegal action
 * returns `action/illegal` and the input state is untouched.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { destinations, interact, move, startClash } from './actions';
import { planResponse } from './clash';
import { declare } from './phased';
import { dropOrders } from './phased-resolve';
import { compile } from './compiled';
import type { Compiled } from './compiled';
import type { BattleEvent } from './events';
import { applyLoss, continueResolution, orderPairs } from './resolve';

export { destinations };
import { afterTurn } from './round';
import { canTakeTurn, cloneState } from './state';
import { HELD } from './phased';
import type { Action, BattleState } from './types';

type Applied = Result<{ state: BattleState; events: BattleEvent[] }>;
const illegal = (message: string): Applied => err('action/illegal', message);
const NOTHING = { respond: 'respond to', declare: 'declare', swarmLoss: 'choose', drop: 'drop' } as const;

/** Why the member may not take a turn action, or null. */
function actorProblem(s: BattleState, c: Compiled, key: unknown, side: number): string | null {
  const m = typeof key === 'string' ? c.keyIndex.get(key) : undefined;
  if (m === undefined) return `member '${String(key)}' is not in this battle`;
  if (c.sideOf[m] !== side) return `${c.members[m]!.name} is not on side '${s.setup.sides[side]!.id}'`;
  if (!canTakeTurn(s, c, m)) return `${c.members[m]!.name} is not ready (already activated, incapacitated or waiting for the start-of-combat phase)`;
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

/** Checks `action` against the state: null when legal, else the reason. Never mutates `s`. */
export function actionProblem(s: BattleState, action: Action): string | null {
  return run(s, action, true).problem;
}

function run(input: BattleState, action: Action, dry: boolean, inPlace = false): { problem: string | null; state?: BattleState; events?: BattleEvent[] } {
  if (input.phase === 'ended') return { problem: 'the battle is over' };
  if (action === null || typeof action !== 'object') return { problem: 'an action must be an object' };
  const c = compile(input.setup);
  const side = c.sideIndex.get(action.side);
  if (side === undefined) return { problem: `side '${String(action.side)}' is not in this battle` };
  if (side !== input.side) return { problem: `it is side '${input.setup.sides[input.side]!.id}' that must decide now` };
  const expected = input.phase === 'respond' || input.phase === 'swarmLoss' || input.phase === 'declare' || input.phase === 'drop' ? input.phase : null;
  if (expected !== null && action.type !== expected) return { problem: `side '${action.side}' must answer with '${expected}' now` };
  if (expected === null && (action.type === 'respond' || action.type === 'swarmLoss' || action.type === 'declare' || action.type === 'drop')) return { problem: `there is nothing to ${NOTHING[action.type]} now` };
  // Every branch below validates before its first write, so an illegal action leaves `input` as it was.
  const s = dry || inPlace ? input : cloneState(input);
  const events: BattleEvent[] = [];
  let problem: string | null;
  switch (action.type) {
    case 'clash':
      problem = startClash(s, c, action, events, dry);
      break;
    case 'respond':
      problem = respond(s, c, action, events, dry);
      break;
    case 'declare':
      problem = declare(s, c, action, events, dry);
      break;
    case 'drop':
      problem = dropOrders(s, c, action, events, dry);
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

/**
 * Hot-loop form of {@link applyAction} for a caller that owns `state` privately (the simulation
 * runner): applies the action to `state` itself instead of a copy and returns the events. Same
 * validation, same results, same events as `applyAction`; an illegal action gives
 * `action/illegal` and leaves `state` unchanged. Never pass a state anyone else may read.
 */
export function applyActionInPlace(state: BattleState, action: Action): Result<BattleEvent[]> {
  const r = run(state, action, false, true);
  if (r.problem !== null || r.state === undefined) return err('action/illegal', r.problem ?? 'illegal action');
  return ok(r.events!);
}
