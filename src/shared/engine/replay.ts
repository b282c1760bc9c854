/**
 * Replaying a battle from setup + seed + decisions (R1.6): bit-identical to the original.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { applyAction } from './apply';
import { createBattle } from './battle';
import type { BattleEvent } from './events';
import type { Action, BattleSetup, BattleState } from './types';

/**
 * Replays every decision from a fresh battle; returns the final state and every event
 * (opening events first). A decision that is illegal at its point gives `replay/illegal`
 * naming its position.
 */
export function replayBattle(setup: BattleSetup, seed: number, decisions: readonly Action[]): Result<{ state: BattleState; events: BattleEvent[] }> {
  let state = createBattle(setup, seed);
  const events: BattleEvent[] = [...state.openingEvents];
  for (let i = 0; i < decisions.length; i++) {
    const r = applyAction(state, decisions[i]!);
    if (!r.ok) return err('replay/illegal', `decision ${i + 1} of ${decisions.length} (${decisions[i]?.type ?? '?'}) is illegal at that point: ${r.error.message}; the log does not match this setup and seed`);
    state = r.value.state;
    for (const e of r.value.events) events.push(e);
  }
  return ok({ state, events });
}
