/**
 * Enumerating legal decisions and checking any decision (R2.4, R3, R6, R8, R9).
 * `legalActions` lists complete actions; Clash lists are capped (see CLASH_ASSIGNMENT_CAP) but
 * `isLegal` accepts every legal action, listed or not.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { ActionBuffer, decodeAction, enumerateActions } from './action-codes';
import { actionProblem } from './apply';
import { compile } from './compiled';
import type { Compiled } from './compiled';
import { declareActions, dropActions } from './phased-options';
import type { Action, BattleState } from './types';

export { CLASH_ASSIGNMENT_CAP, RESPONSE_SUBSET_LIMIT } from './action-codes';

/** Checks an action: ok(null) when legal, else `action/illegal` with the reason. Never mutates. */
export function checkAction(state: BattleState, action: Action): Result<null> {
  const problem = actionProblem(state, action);
  return problem === null ? ok(null) : err('action/illegal', problem);
}

/** True when `applyAction(state, action)` would succeed. */
export function isLegal(state: BattleState, action: Action): boolean {
  return actionProblem(state, action) === null;
}

/**
 * Every complete action the deciding side may take now (empty once the battle is over).
 * Turn: Clashes per Area (all assignments up to CLASH_ASSIGNMENT_CAP, else each single pair
 * and everyone on each target, each also with the largest Swarms declared), moves, interacts,
 * holds. Respond: defend/absorb combinations (and single interceptions). Swarm loss: each member.
 * Phased declarations and drops: see `phased-options.ts`.
 */
export function legalActions(state: BattleState): Action[] {
  const c = compile(state.setup);
  const buf = new ActionBuffer();
  const n = enumerateActions(state, c, buf, listedActions);
  const out: Action[] = [];
  for (let i = 0; i < n; i++) out.push(decodeAction(state, c, buf.codes[i]!, buf));
  return out;
}

/** Decisions listed as ready-made actions: phased declarations and phase-start drops (R12, `phased-options.ts`). */
export function listedActions(state: BattleState, c: Compiled): Action[] {
  if (state.phase === 'declare') return declareActions(state, c);
  if (state.phase === 'drop') return dropActions(state);
  return [];
}
