import { legalActions } from '../legal';
import type { Action, BattleState } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';

/** The `random` bot: uniform over `legalActions` (as listed by the engine). */
export const randomPolicy = (): Policy => ({
  name: 'random',
  decide(state: BattleState, rng: Rng): Action {
    const actions = legalActions(state);
    if (actions.length === 0) throw new Error('random: no legal action in a battle that has not ended');
    return actions[rng.int(actions.length)];
  },
});
