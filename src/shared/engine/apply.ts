/**
 * `applyAction`: the reducer. Validates the action against the current decision, applies it
 * to a private copy and returns the new state with the events it produced. An illegal action
 * returns `action/illegal` and the input state is untouched.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { applyResponse, beginClash, destinations, interact, interactWith, move, moveTo, startClash, takeSwarmLoss } from './actions';
import { ACT, argA, argB, argC, attacksOf, kindOf, pendingTargets } from './action-codes';
import { findSwarms, freshSwarmModes, swarmMembers, swarmStart } from './swarm-groups';
import type { ActionBuffer } from './action-codes';
import { NO_SWARMS, planResponse } from './clash';
import type { SwarmList } from './clash';
import { declare } from './phased';
import { dropOrders } from './phased-resolve';
import { compile } from './compiled';
import type { Compiled } from './compiled';
import type { BattleEvent, EventLog } from './events';
import { clashOf, showPending } from './pending-clash';

export { destinations };
import { afterOwnTurn, afterTurn } from './round';
import { canTakeTurn, cloneState } from './state';
import { touchAll, touchClash, touchMember } from './turn-index';
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

function respond(s: BattleState, c: Compiled, a: Extract<Action, { type: 'respond' }>, events: EventLog, dry: boolean): string | null {
  const targets = pendingTargets(s, c).targets;
  const defenders = planResponse(s, c, a, targets);
  if (typeof defenders === 'string') return defenders;
  if (dry) return null;
  const w = clashOf(s);
  for (const t of targets) w.defenderOf[t] = defenders[t]!;
  applyResponse(s, c, events);
  return null;
}

/** A member Holds (R2.4): done for the round whatever its extra actions. */
function hold(s: BattleState, c: Compiled, m: number, events: EventLog): void {
  s.used[m] = HELD;
  if (events !== null) heldEvent(c, m, events);
}

/** The `held` event of member `m` (R2.4). */
function heldEvent(c: Compiled, m: number, events: BattleEvent[]): void {
  events.push({ type: 'held', member: c.members[m]!.key });
}

/** Checks `action` against the state: null when legal, else the reason. Never mutates `s`. */
export function actionProblem(s: BattleState, action: Action): string | null {
  return run(s, action, true).problem;
}

function run(input: BattleState, action: Action, dry: boolean, inPlace = false, log?: EventLog): { problem: string | null; state?: BattleState; events?: EventLog } {
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
  const events: EventLog = log === undefined ? [] : log;
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
      const w = clashOf(s);
      const choices = Array.from(w.loss.subarray(0, w.lossCount));
      if (m === undefined || !choices.includes(m)) return { problem: `'${String(action.member)}' is not a member of the losing Swarm; pick one of ${choices.map((x) => c.members[x]!.key).join(', ')}` };
      if (dry) return { problem: null };
      takeSwarmLoss(s, c, m, events);
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
      else {
        if (!dry) hold(s, c, m, events);
        problem = null;
      }
      if (problem === null && !dry) afterTurn(s, c, events);
      break;
    }
    default:
      return { problem: `unknown action type '${String((action as { type?: unknown }).type)}'` };
  }
  // A public caller sees the pending Clash as `pending` (the engine itself reads its storage).
  return problem === null && !dry ? { problem, state: showPending(s), events } : { problem };
}

/**
 * Applies one decision (R2–R9). Returns the new state and the events in order; illegal actions
 * give `action/illegal` with a message naming the member and the fix, and change nothing.
 */
export function applyAction(state: BattleState, action: Action): Applied {
  const r = run(state, action, false);
  if (r.problem !== null || r.state === undefined) return illegal(r.problem ?? 'illegal action');
  return ok({ state: r.state, events: r.events as BattleEvent[] });
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
  return ok(r.events as BattleEvent[]);
}

/** Attacks of the Clash code being applied, and the Swarms it declares (reused). */
const attacks = { att: new Int32Array(16), tgt: new Int32Array(16) };
const found: SwarmList = { members: swarmMembers, start: swarmStart, count: 0 };

/**
 * The trusted entry point of the same rules, for the simulation runner: applies action `code`,
 * enumerated for `state` into `buf` (action-codes.ts), to `state` itself. No validation — the
 * code comes from the enumeration of this very state, so it is legal — and events only when
 * `events` is an array. Same state and events as {@link applyAction} of `decodeAction(code)`
 * (tested step by step). Never pass a state anyone else may read. `c` is the state's compiled
 * setup, passed by a caller that holds it (the lookup is per decision).
 */
export function applyCode(state: BattleState, code: number, buf: ActionBuffer, events: EventLog, c: Compiled = compile(state.setup)): void {
  const a = argA(code);
  const b = argB(code);
  const kind = kindOf(code);
  // Kinds above `interact` (action-buffer.ts) are Clash steps and phased decisions.
  if (kind > ACT.interact) {
    touchClash(state);
    clashStep(state, c, code, a, b, buf, events);
    return;
  }
  // A member's own turn: one call of `afterOwnTurn` for the three (one copy when the compiler inlines it).
  if (kind === ACT.hold) hold(state, c, a, events);
  else if (kind === ACT.move) moveTo(state, c, a, b, events);
  else interactWith(state, c, a, b, events);
  afterOwnTurn(state, c, a, events, kind === ACT.interact);
}

/**
 * A Clash step of {@link applyCode} (a declaration, a response, a Swarm loss; R3–R7) and the
 * members it tells the turn index about: the attackers and defenders, who spend actions (the
 * incapacitated and the fled are told by damage.ts, a new round by round.ts).
 */
function clashStep(state: BattleState, c: Compiled, code: number, a: number, b: number, buf: ActionBuffer, events: EventLog): void {
  switch (kindOf(code)) {
    case ACT.clash:
    case ACT.clashPair:
    case ACT.clashAll: {
      const k = attacksOf(code, buf, attacks);
      for (let i = 0; i < k; i++) touchMember(state, attacks.att[i]!);
      let swarms = NO_SWARMS;
      if (argC(code) === 1) {
        freshSwarmModes(c);
        found.count = findSwarms(state, c, attacks.att, attacks.tgt, k);
        found.members = swarmMembers;
        found.start = swarmStart;
        swarms = found;
      }
      beginClash(state, c, attacks.att, attacks.tgt, k, swarms, events);
      return;
    }
    case ACT.respond:
    case ACT.intercept: {
      // Defenders as the decoded response gives them (R3.2, R3.3): see `decodeAction`.
      const { targets, ready } = buf;
      const w = clashOf(state);
      const defenders = w.defenderOf;
      for (let i = 0; i < targets.length; i++) {
        const t = targets[i]!;
        let readyAt = ready.length - 1;
        while (readyAt >= 0 && ready[readyAt] !== t) readyAt--;
        let defends: boolean;
        if (kindOf(code) === ACT.intercept) defends = readyAt >= 0 && t !== a && t !== b;
        else if (a === 0) defends = readyAt >= 0 && ((b >> readyAt) & 1) === 1;
        else defends = a === 2 ? readyAt >= 0 : a === 3 && readyAt >= 0 && readyAt === b;
        defenders[t] = kindOf(code) === ACT.intercept && t === a ? b : defends ? t : -1;
      }
      applyResponse(state, c, events, w);
      return;
    }
    case ACT.swarmLoss:
      takeSwarmLoss(state, c, a, events);
      return;
    default:
      listedStep(state, buf.listed[a]!, events);
  }
}

/** A phased declaration or drop (R12) of {@link clashStep}: through the validated path, the whole turn index told. */
function listedStep(state: BattleState, action: Action, events: EventLog): void {
  touchAll(state);
  const r = run(state, action, false, true, events);
  if (r.problem !== null) throw new Error(`applyCode: listed action refused: ${r.problem}`);
}
